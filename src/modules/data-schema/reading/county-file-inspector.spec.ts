import { HttpException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { checkHeader, CountyFileInspector, describeBytes } from './county-file-inspector';
import { generateCountyDataset } from '../../../dev/synthetic-data/synthetic-dataset';

const FIPS = '24510';

/** Runs bytes through an inspector in chunks; answers what came out, the facts, or the error. */
async function inspect(bytes: Buffer, options: { maxBytes?: number; maxUnzippedBytes?: number; chunk?: number } = {}) {
  const inspector = new CountyFileInspector({
    maxBytes: options.maxBytes ?? 1024 ** 3,
    fips: FIPS,
    maxUnzippedBytes: options.maxUnzippedBytes,
  });
  const chunk = options.chunk ?? 64 * 1024;
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const out: Buffer[] = [];
  const sink = new Writable({
    write(data: Buffer, _encoding, done) {
      out.push(data);
      done();
    },
  });
  try {
    await pipeline(Readable.from(parts), inspector, sink);
    return { passed: Buffer.concat(out), facts: inspector.facts() };
  } catch (error) {
    return { passed: Buffer.concat(out), error: error as HttpException };
  }
}

const csv = (...lines: string[]) => gzipSync(Buffer.from(lines.join('\n') + '\n'));

describe('checking an uploaded county file as it streams', () => {
  it('passes the file through unchanged and tells its size, checksum, CSV record count and key field counts', async () => {
    const { bytes, records, keyFieldCounts } = generateCountyDataset(
      { fips: FIPS, name: 'Baltimore City', stateCode: 'MD', population: 593_490 },
      '2026-11',
    );
    const result = await inspect(bytes, { chunk: 1000 });
    expect(result.error).toBeUndefined();
    expect(result.passed.equals(bytes)).toBe(true);
    expect(result.facts).toMatchObject({
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      records,
      keyFieldCounts,
    });
  });

  it('counts a record whose quoted fields hold line breaks and commas once', async () => {
    const file = csv(
      'parcel_id,county_fips,legal_description',
      `001,${FIPS},"Lot 1,\nBlock 2"`,
      `002,${FIPS},"said ""here""\r\nand there"`,
    );
    expect((await inspect(file, { chunk: 7 })).facts).toMatchObject({
      records: 2,
      columns: ['parcel_id', 'county_fips', 'legal_description'],
    });
  });

  it('cuts off a stream once it passes the limit, with a 413 naming the limit, passing on no more than the limit', async () => {
    const big = gzipSync(Buffer.from(`parcel_id,county_fips\n${`1,${FIPS}\n`.repeat(2000)}`), { level: 0 });
    const { error, passed } = await inspect(big, { maxBytes: 4096, chunk: 1000 });
    expect(error!.getStatus()).toBe(413);
    expect(error!.message).toBe('The file is larger than the upload limit of 4 KiB (4096 bytes)');
    expect(passed.length).toBeLessThanOrEqual(4096);
  });

  it('stops reading a sound gzip stream that never ends once it passes the limit', async () => {
    const endless = createGzip({ level: 0 });
    endless.write(`parcel_id,county_fips\n`);
    const feed = setInterval(() => endless.write(`1,${FIPS}\n`.repeat(100)), 1);
    const inspector = new CountyFileInspector({ maxBytes: 10 * 1024, fips: FIPS });
    const sink = new Writable({ write: (_data, _encoding, done) => done() });
    try {
      await expect(pipeline(endless, inspector, sink)).rejects.toMatchObject({ status: 413 });
    } finally {
      clearInterval(feed);
    }
  });

  describe('a gzip bomb: a small file that unzips to far more', () => {
    // 1 MiB of records in about 3 KB of gzip.
    const bomb = gzipSync(Buffer.from(`parcel_id,county_fips\n${`1,${FIPS}\n`.repeat(128 * 1024)}`), { level: 9 });

    it('is cut off once what it unzips to passes the limit, with a 413 naming the limit', async () => {
      const { error } = await inspect(bomb, { maxUnzippedBytes: 64 * 1024 });
      expect(error!.getStatus()).toBe(413);
      expect(error!.message).toBe(
        'The file unzips to more than the limit of 64 KiB (65536 bytes) of CSV; is it a gzip bomb, or compressed more than once?',
      );
    });

    it('is cut off by default at ten times the gzip limit', async () => {
      expect(bomb.length).toBeLessThan(8 * 1024);
      const { error } = await inspect(bomb, { maxBytes: 8 * 1024 });
      expect(error!.getStatus()).toBe(413);
      expect(error!.message).toMatch(/^The file unzips to more than the limit of 80 KiB \(81920 bytes\) of CSV/);
      // The same file passes a limit it stays under.
      expect((await inspect(bomb, { maxUnzippedBytes: 2 * 1024 * 1024 })).facts?.records).toBe(128 * 1024);
    });
  });

  it.each([
    ['a county_fips of four digits', csv('parcel_id,county_fips', '1,2451'), '"2451"'],
    ['a county_fips with letters', csv('parcel_id,county_fips', '1,24S10'), '"24S10"'],
    ['an empty county_fips', csv('parcel_id,county_fips', '1,'), '""'],
    ['a county_fips of 1 MiB', csv('parcel_id,county_fips', `1,${'9'.repeat(1024 * 1024)}`), `"${'9'.repeat(24)}…"`],
  ])(
    'refuses %s with a 400 saying a FIPS code is five digits, quoting a few characters of it',
    async (_what, file, quoted) => {
      const { error } = await inspect(file);
      expect(error!.getStatus()).toBe(400);
      expect(error!.message).toBe(
        `Record 1 (line 2) has county_fips ${quoted}, which is not a FIPS code: county_fips must be five digits, such as ${FIPS}`,
      );
    },
  );

  it.each([
    ['an empty body', Buffer.alloc(0), 'The file is empty'],
    [
      'a body that is not gzip',
      Buffer.from('parcel_id,county_fips\n1,24510\n'),
      /not valid gzip \(incorrect header check\)/,
    ],
    ['a truncated gzip file', csv('parcel_id,county_fips', `1,${FIPS}`).subarray(0, 20), /not valid gzip/],
    [
      'an empty file once unzipped',
      gzipSync(Buffer.alloc(0)),
      'The file is empty once unzipped; it must start with the CSV header',
    ],
    ['a header with no records', csv('parcel_id,county_fips'), 'The file has a header but no records'],
    [
      'an unknown column',
      csv('parcel_id,county_fips,favourite_colour', `1,${FIPS},blue`),
      'Unknown column in the header: "favourite_colour" (column 3). Columns must be named as the fields of the data schema (/data-schema.pdf), for example parcel_id.',
    ],
    [
      'a record with a field too many',
      csv('parcel_id,county_fips', `1,${FIPS}`, `2,${FIPS},extra`),
      'Record 2 (line 3) has 3 fields; the header has 2 columns',
    ],
    [
      'a record of another county',
      csv('county_fips,parcel_id', `${FIPS},1`, '17031,2'),
      'Record 2 (line 3) has county_fips "17031", but this upload is for the county with FIPS code 24510; is the file meant for another county?',
    ],
    [
      'a quoted field left open',
      csv('parcel_id,county_fips', `1,"${FIPS}`),
      /ends inside a quoted field of the record that starts on line 2/,
    ],
  ])('refuses %s with a 400 naming the problem', async (_what, file, message) => {
    const { error } = await inspect(file);
    expect(error!.getStatus()).toBe(400);
    expect(error!.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('refuses a bad header as soon as it arrives, before the rest of the file', async () => {
    const rest = Buffer.from(`1,${FIPS},x\n`.repeat(50_000));
    const file = gzipSync(Buffer.concat([Buffer.from('parcel_id,county_fips,nope\n'), rest]), { level: 0 });
    const { error, passed } = await inspect(file, { chunk: 16 * 1024 });
    expect(error!.message).toMatch(/"nope"/);
    expect(passed.length).toBeLessThan(file.length / 2);
  });
});

describe('checking a county file header', () => {
  it('accepts any subset of the schema fields in any order, with the identifiers', () => {
    expect(checkHeader(['owner_name', 'county_fips', ' parcel_id '])).toEqual([
      'owner_name',
      'county_fips',
      'parcel_id',
    ]);
  });

  it.each([
    [[''], 'The first line of the file is empty; it must be the CSV header naming the columns'],
    [['parcel_id', '', 'county_fips'], 'Column 2 of the header has no name'],
    [
      ['parcel_id', 'county_fips', 'parcel_id'],
      'Column "parcel_id" appears more than once in the header (columns 1 and 3)',
    ],
    [
      ['parcel_id', 'owner_name'],
      'The header lacks the identifier column county_fips; every county file needs parcel_id and county_fips',
    ],
    [
      ['owner_name'],
      'The header lacks the identifier columns parcel_id, county_fips; every county file needs parcel_id and county_fips',
    ],
    [
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      'Unknown columns in the header: "a" (column 1), "b" (column 2), "c" (column 3), "d" (column 4), "e" (column 5) and 2 more. Columns must be named as the fields of the data schema (/data-schema.pdf), for example parcel_id.',
    ],
  ])('refuses %j', (columns, message) => {
    expect(() => checkHeader(columns)).toThrow(message);
  });

  it('names limits as a person reads them', () => {
    expect(describeBytes(2 * 1024 ** 3)).toBe('2 GiB');
    expect(describeBytes(64 * 1024)).toBe('64 KiB');
    expect(describeBytes(1000)).toBe('1,000 bytes');
  });
});
