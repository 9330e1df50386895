/**
 * A record's geometry_wkt as the parcel store's column takes it: EWKT of a MultiPolygon in WGS 84
 * (a Polygon promoted), written into COPY. One unreadable value would fail the whole COPY, so each is
 * read here first, as strictly as PostGIS reads it: the structure, numbers, two coordinates a point
 * (the column has no Z or M), and rings closed of at least four points. Self-intersections are not
 * looked for: PostGIS stores such a shape, and ingest counts and mends them.
 */
export type Boundary =
  | { kind: 'shape'; ewkt: string }
  /** No value, or an EMPTY geometry: the parcel has no boundary. */
  | { kind: 'none' }
  /** Not a Polygon or MultiPolygon PostGIS would read: the parcel is loaded without it, and counted. */
  | { kind: 'unreadable' };

const NONE: Boundary = { kind: 'none' };
const UNREADABLE: Boundary = { kind: 'unreadable' };

const OPEN = 40; // (
const CLOSE = 41; // )
const COMMA = 44;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Reads WKT text from `at`; answers where each part ends, or -1 when it is not what is expected. */
class WktReader {
  constructor(private readonly text: string) {}

  skipSpace(at: number): number {
    while (at < this.text.length && isSpace(this.text.charCodeAt(at))) at++;
    return at;
  }

  /** A number as WKT writes it (sign, digits, a point, an exponent); where it ends, or -1. */
  number(at: number): number {
    const text = this.text;
    let i = at;
    let c = text.charCodeAt(i);
    if (c === 43 || c === 45) c = text.charCodeAt(++i);
    let digits = 0;
    while (isDigit(c)) {
      c = text.charCodeAt(++i);
      digits++;
    }
    if (c === 46) {
      c = text.charCodeAt(++i);
      while (isDigit(c)) {
        c = text.charCodeAt(++i);
        digits++;
      }
    }
    if (digits === 0) return -1;
    if (c === 69 || c === 101) {
      c = text.charCodeAt(++i);
      if (c === 43 || c === 45) c = text.charCodeAt(++i);
      if (!isDigit(c)) return -1;
      while (isDigit(c)) c = text.charCodeAt(++i);
    }
    return i;
  }

  /** "x y": where the point ends, or -1. */
  point(at: number): number {
    const x = this.number(this.skipSpace(at));
    if (x === -1 || !isSpace(this.text.charCodeAt(x))) return -1;
    return this.number(this.skipSpace(x));
  }

  /** "(x y, x y, …)", closed, four points or more: where it ends, or -1. */
  ring(at: number): number {
    at = this.skipSpace(at);
    if (this.text.charCodeAt(at) !== OPEN) return -1;
    const first = at + 1;
    let last = first;
    let points = 0;
    let i = first;
    for (;;) {
      last = i;
      i = this.point(i);
      if (i === -1) return -1;
      points++;
      i = this.skipSpace(i);
      const c = this.text.charCodeAt(i);
      if (c === CLOSE) break;
      if (c !== COMMA) return -1;
      i++;
    }
    if (points < 4 || !this.samePoint(first, last)) return -1;
    return i + 1;
  }

  /** "(ring, ring, …)": where it ends, or -1. */
  polygon(at: number): number {
    return this.list(at, (i) => this.ring(i));
  }

  multiPolygon(at: number): number {
    return this.list(at, (i) => this.polygon(i));
  }

  private list(at: number, item: (at: number) => number): number {
    let i = this.skipSpace(at);
    if (this.text.charCodeAt(i) !== OPEN) return -1;
    i++;
    for (;;) {
      i = item(i);
      if (i === -1) return -1;
      i = this.skipSpace(i);
      const c = this.text.charCodeAt(i);
      if (c === CLOSE) return i + 1;
      if (c !== COMMA) return -1;
      i++;
    }
  }

  private samePoint(a: number, b: number): boolean {
    return this.coordinates(a).every((value, i) => value === this.coordinates(b)[i]);
  }

  private coordinates(at: number): [number, number] {
    const xStart = this.skipSpace(at);
    const xEnd = this.number(xStart);
    const yStart = this.skipSpace(xEnd);
    const yEnd = this.number(yStart);
    return [Number(this.text.slice(xStart, xEnd)), Number(this.text.slice(yStart, yEnd))];
  }
}

const TAG = /^\s*(MULTIPOLYGON|POLYGON)\s*/i;

export function boundaryOf(wkt: string): Boundary {
  if (wkt.trim() === '') return NONE;
  const tag = TAG.exec(wkt);
  if (!tag) return UNREADABLE;
  const bodyStart = tag[0].length;
  if (/^EMPTY\s*$/i.test(wkt.slice(bodyStart))) return NONE;
  const reader = new WktReader(wkt);
  const multi = tag[1].length === 'MULTIPOLYGON'.length;
  const end = multi ? reader.multiPolygon(bodyStart) : reader.polygon(bodyStart);
  if (end === -1 || reader.skipSpace(end) !== wkt.length) return UNREADABLE;
  const body = wkt.slice(bodyStart, end);
  return { kind: 'shape', ewkt: multi ? `SRID=4326;MULTIPOLYGON${body}` : `SRID=4326;MULTIPOLYGON(${body})` };
}
