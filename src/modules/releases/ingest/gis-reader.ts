import { Writable } from 'node:stream';
import { ogr2ogr } from '../../../integrations/gdal/ogr2ogr';
import { gisToCsvArgs, GisSource } from './gis-source';

/** GDAL 3.6's CSV driver names the WKT column WKT whatever it is asked; the schema's name for it. */
const WKT_HEADER = /^"?WKT"?(?=,|\r?\n)/;
const LF = 0x0a;

/**
 * Reads a GIS source as the CSV the splitter reads: ogr2ogr writes it (reprojected to WGS 84) to its
 * standard output, which is fed to `push` as it comes, its header's WKT column renamed geometry_wkt. A `push` that throws stops ogr2ogr and fails the read with that error.
 */
export async function readGisSource(
  source: GisSource,
  push: (chunk: Buffer) => void,
  options: { timeoutMs: number },
): Promise<void> {
  const stop = new AbortController();
  let header: Buffer[] | null = [];
  const sink = new Writable({
    highWaterMark: 1024 * 1024,
    write(chunk: Buffer, _encoding, done) {
      try {
        if (header) {
          header.push(chunk);
          const head = Buffer.concat(header);
          const end = head.indexOf(LF);
          if (end === -1) return done();
          header = null;
          const line = head.toString('utf8', 0, end + 1).replace(WKT_HEADER, 'geometry_wkt');
          push(Buffer.from(line, 'utf8'));
          if (end + 1 < head.length) push(head.subarray(end + 1));
        } else {
          push(chunk);
        }
        done();
      } catch (error) {
        stop.abort(error);
        done(error as Error);
      }
    },
  });
  sink.on('error', () => undefined);
  await ogr2ogr(gisToCsvArgs(source), { stdout: sink, timeoutMs: options.timeoutMs, signal: stop.signal });
  await new Promise<void>((resolve, reject) => {
    if (sink.errored) return reject(sink.errored);
    if (sink.writableFinished) return resolve();
    sink.once('finish', resolve);
    sink.once('error', reject);
  });
  // Fewer bytes than a header line: the splitter says what is wrong with them.
  if (header && header.length > 0) push(Buffer.concat(header));
}
