// Writes the picker map's county shapes: us-atlas's pre-projected counties (Albers USA, 975 × 610)
// as a compact binary topology that web-store fetches when the map is shown. The source TopoJSON
// is 256 KB gzipped with names, states and the nation; this keeps only what the map draws.
//
// Format (every integer an unsigned LEB128 varint; "signed" ones zigzag-encoded first):
//   grid                  coordinate units per map pixel
//   arcCount, then each arc's pointCount, then each arc's points as signed dx, dy — a running
//                         position that carries over from one arc's last point to the next arc's first
//   countyCount, then per county (ascending FIPS): FIPS minus the previous county's,
//     polygonCount, per polygon: ringCount, per ring: arcCount, per arc reference: signed
//     (reference minus the previous reference, running over the whole file); a reference is
//     TopoJSON's: i for arc i as stored, ~i for arc i reversed
// Shared borders are stored once (the topology's arcs), which is most of the saving over plain
// polygons; the rest is small deltas that gzip and brotli squeeze well.
//
// Usage: node scripts/build-county-map.mjs [output file]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'topojson-client';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_OUTPUT = join(root, 'web-store', 'src', 'features', 'county-picker', 'map', 'county-shapes.bin');

/**
 * Map pixels are split into this many units. The 1:10 million source keeps its points a few map
 * pixels apart, so an eighth of a pixel keeps every point's place at the deepest zoom the map allows.
 */
const GRID = 8;

class Writer {
  bytes = [];
  unsigned(value) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not an unsigned integer: ${value}`);
    while (value > 127) {
      this.bytes.push((value & 127) | 128);
      value = Math.floor(value / 128);
    }
    this.bytes.push(value);
  }
  signed(value) {
    this.unsigned(value < 0 ? -2 * value - 1 : 2 * value);
  }
}

/** The county shapes of a pre-projected us-atlas topology, encoded as described above. */
function encodeCountyShapes(topology) {
  const toPixels = transform(topology.transform);
  const out = new Writer();
  out.unsigned(GRID);
  out.unsigned(topology.arcs.length);
  const arcs = topology.arcs.map((arc) => {
    const points = arc
      .map((point, i) => toPixels(point, i))
      .map(([x, y]) => [Math.round(x * GRID), Math.round(y * GRID)]);
    // Points that fall on one grid cell draw nothing; an arc keeps its two ends whatever they are.
    return points.filter(
      ([x, y], i) => i === 0 || i === points.length - 1 || x !== points[i - 1][0] || y !== points[i - 1][1],
    );
  });
  // The counts apart from the coordinates: alike numbers side by side compress better.
  for (const arc of arcs) out.unsigned(arc.length);
  let x0 = 0;
  let y0 = 0;
  for (const arc of arcs) {
    for (const [x, y] of arc) {
      out.signed(x - x0);
      out.signed(y - y0);
      [x0, y0] = [x, y];
    }
  }

  const counties = [...topology.objects.counties.geometries]
    .filter((geometry) => geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')
    .sort((a, b) => Number(a.id) - Number(b.id));
  out.unsigned(counties.length);
  let previousFips = 0;
  let previousReference = 0;
  for (const county of counties) {
    const fips = Number(county.id);
    out.unsigned(fips - previousFips);
    previousFips = fips;
    const polygons = county.type === 'Polygon' ? [county.arcs] : county.arcs;
    out.unsigned(polygons.length);
    for (const rings of polygons) {
      out.unsigned(rings.length);
      for (const ring of rings) {
        out.unsigned(ring.length);
        for (const reference of ring) {
          out.signed(reference - previousReference);
          previousReference = reference;
        }
      }
    }
  }
  return Buffer.from(out.bytes);
}

function readAtlas() {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('us-atlas/counties-albers-10m.json'), 'utf8'));
}

const output = process.argv[2] ?? DEFAULT_OUTPUT;
const bytes = encodeCountyShapes(readAtlas());
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, bytes);
console.log(`county map: ${output} (${bytes.length.toLocaleString('en-US')} bytes)`);
