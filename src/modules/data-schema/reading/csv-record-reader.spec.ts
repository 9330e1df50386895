import { CsvRecordReader, RecordView } from './csv-record-reader';

/** What the reader saw: the header, then each record's raw bytes and field values. */
function read(chunks: Buffer[], maxRecordBytes?: number) {
  const seen: { header: string[]; records: { raw: string; fields: string[]; line: number; offset: number }[] } = {
    header: [],
    records: [],
  };
  const fields = (record: RecordView) =>
    Array.from({ length: record.fields }, (_, i) => record.bytes.toString('utf8', record.starts[i], record.ends[i]));
  const reader = new CsvRecordReader(
    {
      header: (columns) => (seen.header = columns),
      record: (record) =>
        seen.records.push({
          raw: record.bytes.toString('utf8', record.start, record.end),
          fields: fields(record),
          line: record.line,
          offset: record.offset,
        }),
    },
    maxRecordBytes,
  );
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return seen;
}

const FILE =
  '\uFEFFparcel_id,county_fips,owner_name\r\n1,24510,"Smith, John"\r\n\r\n2,24510,"two\nlines ""quoted"""\n3,24510,';

describe('CsvRecordReader', () => {
  it('reads records with quoted commas, line breaks and quotes, CRLF, blank lines and no final line break', () => {
    const seen = read([Buffer.from(FILE)]);
    expect(seen.header).toEqual(['parcel_id', 'county_fips', 'owner_name']);
    // Where each record starts in the file, the BOM's three bytes counted: a later read finds it there.
    expect(seen.records).toEqual([
      { raw: '1,24510,"Smith, John"\r\n', fields: ['1', '24510', 'Smith, John'], line: 2, offset: 37 },
      {
        raw: '2,24510,"two\nlines ""quoted"""\n',
        fields: ['2', '24510', 'two\nlines ""quoted""'],
        line: 4,
        offset: 62,
      },
      { raw: '3,24510,', fields: ['3', '24510', ''], line: 6, offset: 93 },
    ]);
  });

  it('reads a quoted header after a byte-order mark as quoted (what PowerShell’s Export-Csv writes)', () => {
    const file = '\uFEFF"id","address"\r\n"1","101 Main St, Dover"\r\n';
    for (const cut of [0, 1, 2, 3, 4]) {
      const bytes = Buffer.from(file);
      const chunks = cut ? [bytes.subarray(0, cut), bytes.subarray(cut)] : [bytes];
      const seen = read(chunks);
      expect(seen.header).toEqual(['id', 'address']);
      expect(seen.records.map((record) => record.fields)).toEqual([['1', '101 Main St, Dover']]);
      expect(seen.records[0].offset).toBe(Buffer.byteLength('\uFEFF"id","address"\r\n'));
    }
  });

  it('reads the same whatever the chunks: the file cut at every byte', () => {
    const whole = read([Buffer.from(FILE)]);
    const bytes = Buffer.from(FILE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(read([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    }
    expect(read([...bytes].map((byte) => Buffer.from([byte])))).toEqual(whole);
  });

  it('reads the same when a record spans three chunks, whatever the cuts', () => {
    const whole = read([Buffer.from(FILE)]);
    const bytes = Buffer.from(FILE);
    for (let first = 1; first < bytes.length; first++) {
      for (let second = first + 1; second < bytes.length; second++) {
        expect(read([bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)])).toEqual(whole);
      }
    }
  });

  it('refuses a record longer than the limit as soon as that much of it has arrived', () => {
    const reader = new CsvRecordReader({ header: () => undefined, record: () => undefined }, 100);
    reader.push(Buffer.from('a,b\n1,'));
    expect(() => reader.push(Buffer.from('x'.repeat(200)))).toThrow(
      'Record 1 (line 2) is longer than 100 bytes; is a closing quote (") missing, or is this not a CSV file?',
    );
  });

  it('refuses a file that ends inside a quoted field', () => {
    expect(() => read([Buffer.from('a,b\n1,"open\n')])).toThrow(
      'The file ends inside a quoted field of the record that starts on line 2: a closing quote (") is missing',
    );
  });
});
