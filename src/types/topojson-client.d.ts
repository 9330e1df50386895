// The part of topojson-client (ISC) this code uses; the package ships no types of its own.
declare module 'topojson-client' {
  export function feature(
    topology: unknown,
    object: unknown,
  ): { type: 'Feature'; id?: string; geometry: { type: string; coordinates: unknown } | null };
}
