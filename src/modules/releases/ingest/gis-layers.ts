/** One layer of a GIS source, as `ogrinfo -so -al` summarizes it. */
export interface GisLayer {
  name: string;
  /** GDAL's name of the layer's geometry type: "Polygon", "Multi Polygon", "Point", "Unknown (any)"… */
  geometryType: string;
  /** The geometry column's name, where the format names it (GeoPackage, File Geodatabase). */
  geometryColumn: string | null;
  srsKnown: boolean;
  featureCount: number;
  fields: { name: string; type: string }[];
}

/** A field line: `name: Type (width.precision)`, the type possibly with a subtype, as `Integer(Boolean)`. */
const FIELD_LINE =
  /^(.+?): ((?:Integer64|Integer|Real|String|Date|DateTime|Time|Binary)(?:List)?(?:\(\w+\))?) \(\d+\.\d+\)/;

/** The layers of `ogrinfo -so -al` output (GDAL 3.6 has no JSON output for it). */
export function describeLayers(summary: string): GisLayer[] {
  const layers: GisLayer[] = [];
  let layer: GisLayer | null = null;
  let inSrs = false;
  for (const line of summary.split('\n')) {
    const named = /^Layer name: (.*)$/.exec(line);
    if (named) {
      layer = {
        name: named[1],
        geometryType: 'None',
        geometryColumn: null,
        srsKnown: false,
        featureCount: -1,
        fields: [],
      };
      layers.push(layer);
      inSrs = false;
      continue;
    }
    if (!layer) continue;
    if (line.startsWith('Layer SRS WKT:')) {
      inSrs = true;
      continue;
    }
    if (inSrs) {
      // The WKT follows, indented after its first line, or "(unknown)".
      // A GeoPackage without one says "Undefined geographic SRS" (its srs_id 0 or -1): no projection either.
      layer.srsKnown = /^[A-Z]+\[/.test(line) && !/undefined|unknown/i.test(line);
      inSrs = false;
      continue;
    }
    const [, key, value] =
      /^(Geometry|Feature Count|Geometry Column(?: \d+)?|FID Column) ?[:=] ?(.*)$/.exec(line) ?? [];
    if (key === 'Geometry') layer.geometryType = value.trim();
    else if (key === 'Feature Count') layer.featureCount = Number(value);
    else if (key?.startsWith('Geometry Column')) layer.geometryColumn ??= value.trim();
    else if (!key && !/^\s/.test(line)) {
      const field = FIELD_LINE.exec(line);
      if (field) layer.fields.push({ name: field[1], type: field[2] });
    }
  }
  return layers;
}
