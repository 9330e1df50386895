import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { RecordIndexer } from './record-index';

/** Chunks of `size` bytes, so that records straddle them. */
const chunked = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
};

/** The index rows of a file (file number, record number, parcel_id, hash), read in chunks of `size` bytes. */
async function indexed(text: string, union: string[], size = 7, file = 0) {
  const columns = text.slice(0, text.indexOf('\n')).replace(/\r$/, '').split(',');
  const indexer = new RecordIndexer(columns, union, file);
  const [rows] = await Promise.all([buffer(indexer), pipeline(Readable.from(chunked(text, size)), indexer)]);
  const lines = rows.toString().split('\n').filter(Boolean);
  return { indexer, rows: lines.map((line) => line.split('\t')) };
}

const hashes = async (text: string, union: string[]) =>
  (await indexed(text, union)).rows.map(([, , , high, low]) => `${high}:${low}`);

describe('RecordIndexer', () => {
  const union = ['parcel_id', 'owner_name', 'mail_address'];

  it('hashes the values, unquoted, over the union of columns, a missing column as empty', async () => {
    const a = await hashes(
      'parcel_id,owner_name,mail_address\n1,ADA,1 MAIN\n2,"SMITH, JOHN",\n3,BOB,\n4,X,"1 MAIN, APT 2"\n',
      union,
    );
    const b = await hashes(
      'parcel_id,mail_address,owner_name\r\n"1","1 MAIN",ADA\r\n2,"","SMITH, JOHN"\r\n3,,"BOB"\r\n4,"1 MAIN, APT 2",X\r\n',
      union,
    );
    const c = await hashes('parcel_id,owner_name\n1,ADA\n2,"SMITH, JOHN"\n3,BOB\n4,X', union);
    expect(b).toEqual(a);
    expect(c.slice(1, 3)).toEqual(a.slice(1, 3));
    expect(c[0]).not.toEqual(a[0]);
    expect(c[3]).not.toEqual(a[3]);
  });

  it('tells values apart whatever commas and quotes they hold', async () => {
    const [one, two, three, four] = await hashes(
      'parcel_id,owner_name,mail_address\n1,"A,B",C\n1,A,"B,C"\n1,"A ""B""",C\n1,"A ""B"",C",\n',
      union,
    );
    expect(new Set([one, two, three, four]).size).toBe(4);
  });

  it('numbers the file and its records, escapes parcel ids for COPY, counts key fields, and fails a short record', async () => {
    const { rows, indexer } = await indexed(
      'parcel_id,owner_name\n"A\tB",X\n\n,""\n"C\\D",Y\n',
      ['parcel_id', 'owner_name'],
      7,
      1,
    );
    expect(rows.map(([file, number, parcel]) => [file, number, parcel])).toEqual([
      ['1', '1', 'A\\tB'],
      ['1', '2', ''],
      ['1', '3', 'C\\\\D'],
    ]);
    expect(indexer.keyFieldFilled[0]).toBe(2);
    await expect(indexed('parcel_id,owner_name\n1,A\n2\n', ['parcel_id', 'owner_name'])).rejects.toThrow(
      'Record 2 (line 3) has 1 field; the header has 2 columns',
    );
  });
});
