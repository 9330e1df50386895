import type { Feature, FeatureCollection, LineString } from 'geojson';
import countiesUrl from 'us-atlas/counties-10m.json?url';

/** us-atlas's county topology (Census 1:10,000,000, quantized): only what the outlines need. */
interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: {
    states: { geometries: { type: string; arcs: number[][] | number[][][] }[] };
  };
}

/** Each arc's index, whichever way a ring runs along it (TopoJSON writes ~i for arc i reversed). */
const arcIndex = (reference: number) => (reference < 0 ? ~reference : reference);

/**
 * Every county line of the United States as GeoJSON lines, each shared border once (the
 * topology's arcs); `state: true` on those that are also a state's border or coast. Built in the
 * browser from the file the store already ships, so the map needs no map service for it.
 */
export async function loadCountyOutlines(): Promise<FeatureCollection<LineString>> {
  const res = await fetch(countiesUrl);
  if (!res.ok) throw new Error(`County outlines: ${res.status}`);
  const topology = (await res.json()) as Topology;
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  const stateArcs = new Set<number>();
  for (const geometry of topology.objects.states.geometries) {
    const rings = (geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs) as number[][][];
    for (const polygon of rings)
      for (const ring of polygon) for (const reference of ring) stateArcs.add(arcIndex(reference));
  }
  const features = topology.arcs.map((arc, i): Feature<LineString> => {
    let x = 0;
    let y = 0;
    const coordinates = arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
    return { type: 'Feature', properties: { state: stateArcs.has(i) }, geometry: { type: 'LineString', coordinates } };
  });
  return { type: 'FeatureCollection', features };
}
