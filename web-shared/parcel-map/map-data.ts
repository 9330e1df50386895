import type { Feature } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

/** West, south, east, north of every coordinate of the features (points, lines, shapes, collections of them); null when none has any. */
export function boundsOf(features: Feature[]): [number, number, number, number] | null {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [x, y] = value as number[];
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    } else value.forEach(visit);
  };
  for (const feature of features) {
    const geometry = feature.geometry;
    if (!geometry) continue;
    if (geometry.type === 'GeometryCollection')
      geometry.geometries.forEach((g) => 'coordinates' in g && visit(g.coordinates));
    else visit(geometry.coordinates);
  }
  return Number.isFinite(box[0]) ? box : null;
}

/** The base map's style, from its URL; null when it cannot be had. */
export async function fetchBaseStyle(url: string): Promise<StyleSpecification | null> {
  try {
    const res = await fetch(url);
    return res.ok ? ((await res.json()) as StyleSpecification) : null;
  } catch {
    // A base map that cannot be reached leaves the store's own layers, which still show every parcel.
    return null;
  }
}
