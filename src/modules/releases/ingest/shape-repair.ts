import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, rm } from 'node:fs/promises';
import { DataSource, QueryRunner } from 'typeorm';
import { CsvRecordReader, inspectShape, type RecordView, type ShapeCounts } from '../../data-schema';
import { CountyPlace } from './county-place';
import { countyFileMember, SplitCounty } from './source-splitter';

/** Boundaries sent to PostGIS at once. */
const BATCH = 500;
/** Repaired records gathered before they are compressed and appended to the county's file. */
const MEMBER_BYTES = 256 * 1024;
const QUOTE = 0x22;

/**
 * GEOS's MakeValid (as ogr2ogr -makevalid and QGIS's Fix geometries use it) keeping the polygons of
 * what it makes (a bow-tie becomes its two triangles; a stray line of the repair is dropped), a
 * one-part result as a Polygon, written to nine decimals. NULL for what cannot be read or repaired
 * into any area. For the session only (pg_temp).
 */
const REPAIR_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.repaired_shape(wkt text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE fixed geometry;
  BEGIN
    fixed := ST_CollectionExtract(ST_MakeValid(ST_GeomFromText(wkt, 4326)), 3);
    IF ST_IsEmpty(fixed) OR NOT ST_IsValid(fixed) OR ST_Area(fixed) = 0 THEN RETURN NULL; END IF;
    IF ST_NumGeometries(fixed) = 1 THEN fixed := ST_GeometryN(fixed, 1); END IF;
    -- Nine decimals (a tenth of a millimetre): GEOS's intersection points need no more.
    RETURN ST_AsText(fixed, 9);
  EXCEPTION WHEN OTHERS THEN
    RETURN NULL;
  END $$`;

/** Where a field's value lies in a record's bytes, its quotes included. */
interface Span {
  start: number;
  end: number;
}

/** A set-aside record: its bytes, its boundary, and where its geometry_wkt and empty centroid (if so) lie in them. */
interface SetAside {
  record: Buffer;
  wkt: string;
  geometry: Span;
  /** The latitude and longitude fields when both are empty (a GIS source's, filled by the splitter): filled here. */
  centroid: [Span, Span] | null;
}

/**
 * Makes valid the boundaries the splitter set aside as invalid (a ring crossing itself, not closed,
 * too short) and adds their records, repaired where PostGIS could and as they were where it could
 * not, to the county's file: every record of the source stays in it, and the QA row counts the
 * repaired among the invalid. A repaired record whose latitude and longitude are both empty gets
 * its new shape's centroid. The file's size and checksum are taken again.
 */
@Injectable()
export class ShapeRepair {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async repair(county: SplitCounty): Promise<SplitCounty> {
    if (!county.setAsidePath || !county.shapeChecks) return county;
    const counts: ShapeCounts = { ...county.shapeChecks };
    const place = new CountyPlace(county.fips);
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(REPAIR_FUNCTION);
      const out = new MemberWriter(county.path);
      let pending: SetAside[] = [];
      let geometry = -1;
      let latitude = -1;
      let longitude = -1;
      const reader = new CsvRecordReader({
        header: (columns) => {
          geometry = columns.indexOf('geometry_wkt');
          latitude = columns.indexOf('latitude');
          longitude = columns.indexOf('longitude');
        },
        record: (view) => {
          const { bytes, start, end, starts, ends } = view;
          const empty = (column: number) => column >= 0 && ends[column] === starts[column];
          pending.push({
            record: Buffer.from(bytes.subarray(start, end)),
            wkt: bytes.toString('utf8', starts[geometry], ends[geometry]).replace(/""/g, '"'),
            geometry: spanOf(view, geometry),
            centroid: empty(latitude) && empty(longitude) ? [spanOf(view, latitude), spanOf(view, longitude)] : null,
          });
        },
      });
      const flush = async () => {
        for (let i = 0; i < pending.length; i += BATCH) {
          await this.repairBatch(runner, pending.slice(i, i + BATCH), out, counts, place);
        }
        pending = [];
      };
      for await (const chunk of createReadStream(county.setAsidePath)) {
        reader.push(chunk as Buffer);
        if (pending.length >= BATCH) await flush();
      }
      reader.end();
      await flush();
      await out.close();
    } finally {
      await runner.release();
    }
    await rm(county.setAsidePath, { force: true });
    return { ...county, ...(await fileFacts(county.path)), shapeChecks: counts, setAsidePath: null };
  }

  private async repairBatch(
    runner: QueryRunner,
    batch: SetAside[],
    out: MemberWriter,
    counts: ShapeCounts,
    place: CountyPlace,
  ): Promise<void> {
    const rows = (await runner.query(
      `SELECT pg_temp.repaired_shape(w) AS wkt FROM unnest($1::text[]) WITH ORDINALITY AS t(w, i) ORDER BY i`,
      [batch.map((item) => item.wkt)],
    )) as { wkt: string | null }[];
    for (let i = 0; i < batch.length; i++) {
      const { record, geometry, centroid } = batch[i];
      const wkt = rows[i].wkt;
      const value = wkt === null ? null : Buffer.from(`"${wkt}"`, 'utf8');
      const shape = value && inspectShape(value, 1, value.length - 1);
      if (!value || shape?.verdict !== 'shape') {
        await out.write(record);
        continue;
      }
      counts.repaired++;
      place.check(shape, counts);
      const replaced: [Span, Buffer][] = [[geometry, value]];
      if (centroid) {
        replaced.push(
          [centroid[0], Buffer.from(shape.lat.toFixed(7))],
          [centroid[1], Buffer.from(shape.lon.toFixed(7))],
        );
      }
      await out.write(replacing(record, replaced));
    }
  }
}

/** A field's value with its quotes, in the bytes of the record the view is of (offsets from the record's start). */
function spanOf({ bytes, start, starts, ends }: RecordView, column: number): Span {
  const quoted = starts[column] > start && bytes[starts[column] - 1] === QUOTE ? 1 : 0;
  return { start: starts[column] - quoted - start, end: ends[column] + quoted - start };
}

/** The record with the values at these spans replaced. */
function replacing(record: Buffer, values: [Span, Buffer][]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const [span, value] of [...values].sort(([a], [b]) => a.start - b.start)) {
    parts.push(record.subarray(at, span.start), value);
    at = span.end;
  }
  parts.push(record.subarray(at));
  return Buffer.concat(parts);
}

/** Appends records to a county's gzip file as further gzip members, as the splitter writes it. */
class MemberWriter {
  private parts: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly path: string) {}

  async write(record: Buffer): Promise<void> {
    this.parts.push(record);
    this.bytes += record.length;
    if (this.bytes >= MEMBER_BYTES) await this.close();
  }

  async close(): Promise<void> {
    if (this.bytes === 0) return;
    const member = countyFileMember(Buffer.concat(this.parts));
    this.parts = [];
    this.bytes = 0;
    await appendFile(this.path, member);
  }
}

async function fileFacts(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
