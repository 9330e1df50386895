// topojson-client ships no types and @types/topojson-client is not installed: only what the map uses.
declare module 'topojson-client' {
  export function feature(
    topology: unknown,
    object: unknown,
  ): { features: { id?: string | number; geometry: unknown; type: 'Feature'; properties: unknown }[] };
}
