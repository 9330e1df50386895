import { CsvFormatError, CsvRecord, CsvScanner, MAX_HEADER_BYTES } from './csv-scanner';

/** Scans text fed in chunks of `size` bytes (all at once by default). */
function scan(text: string, options: { size?: number; watch?: string } = {}) {
  let columns: string[] = [];
  const records: CsvRecord[] = [];
  const scanner = new CsvScanner({
    header: (names) => {
      columns = names;
      return options.watch ? names.indexOf(options.watch) : null;
    },
    record: (record) => records.push(record),
  });
  const bytes = Buffer.from(text, 'utf8');
  const size = options.size ?? bytes.length;
  for (let i = 0; i < bytes.length; i += size) scanner.write(bytes.subarray(i, i + size));
  scanner.end();
  return { columns, records, count: scanner.recordCount, headerSeen: scanner.headerSeen };
}

const tricky = [
  'parcel_id,county_fips,owner_name,legal_description',
  '001,24510,"Smith, John","Lot 1',
  'Block 2, ""the corner"""',
  '002,24510,Doe,',
  '',
  '"003",24510,"Line one\r\nline two",plain',
  '004,24510,,"ends without a line break"',
].join('\n');

describe('CsvScanner', () => {
  it('counts records as a CSV reader does: quoted commas, doubled quotes and line breaks inside fields, blank lines skipped', () => {
    const { columns, records, count } = scan(tricky);
    expect(columns).toEqual(['parcel_id', 'county_fips', 'owner_name', 'legal_description']);
    expect(count).toBe(4);
    expect(records.map((r) => r.fields)).toEqual([4, 4, 4, 4]);
    expect(records.map((r) => r.line)).toEqual([2, 4, 6, 8]);
  });

  it('gives the same answer whatever the chunk boundaries', () => {
    const whole = scan(tricky, { watch: 'parcel_id' });
    for (const size of [1, 2, 3, 7, 16]) expect(scan(tricky, { size, watch: 'parcel_id' })).toEqual(whole);
  });

  it('reports the watched column of every record, unquoted', () => {
    const { records } = scan(tricky, { watch: 'parcel_id' });
    expect(records.map((r) => r.watched)).toEqual(['001', '002', '003', '004']);
    expect(scan('a,b\n1\n', { watch: 'b' }).records[0].watched).toBeNull();
  });

  it('reads CRLF files and a byte order mark before the header', () => {
    const { columns, count, records } = scan('\uFEFFparcel_id,county_fips\r\n1,24510\r\n2,24510\r\n\r\n', {
      watch: 'county_fips',
    });
    expect(columns).toEqual(['parcel_id', 'county_fips']);
    expect(count).toBe(2);
    expect(records.map((r) => r.watched)).toEqual(['24510', '24510']);
  });

  it('reads a header made of quoted names', () => {
    expect(scan('"parcel_id","county_fips"\n1,2\n').columns).toEqual(['parcel_id', 'county_fips']);
  });

  it('counts multi-byte UTF-8 text like any other', () => {
    expect(scan('a,b\n"Peña, José",Ñ\nZoë,"日本\n語"\n', { size: 1 }).count).toBe(2);
  });

  it('sees no header in a file without content, and a header with no records in a header-only one', () => {
    expect(scan('')).toMatchObject({ headerSeen: false, count: 0 });
    expect(scan('\n\n')).toMatchObject({ headerSeen: false, count: 0 });
    expect(scan('parcel_id,county_fips')).toMatchObject({ headerSeen: true, count: 0 });
  });

  it('refuses a file that ends inside a quoted field, naming the line the record starts on', () => {
    expect(() => scan('a,b\n1,2\n3,"never closed\n4,5\n')).toThrow(
      new CsvFormatError(
        'The file ends inside a quoted field of the record that starts on line 3: a closing quote (") is missing',
      ),
    );
  });

  it('counts the records that fill each chosen column, whatever the chunk boundaries', () => {
    const text = [
      'parcel_id,owner_name,note,zoning',
      '001,"Smith, John",,R-1',
      '002,"",x,',
      '003,"""",,"C-1"',
      '',
      '004,Doe,"line\nbreak",',
      '005',
    ].join('\n');
    const counts = (size?: number) => {
      const scanner = new CsvScanner({
        header: () => null,
        record: () => undefined,
        countFilled: (names) => ['owner_name', 'zoning', 'absent', 'note'].map((name) => names.indexOf(name)),
      });
      const bytes = Buffer.from(text);
      const step = size ?? bytes.length;
      for (let i = 0; i < bytes.length; i += step) scanner.write(bytes.subarray(i, i + step));
      scanner.end();
      return scanner.filledCounts;
    };
    // owner_name: Smith, a doubled quote, Doe; zoning: R-1, C-1; a column the header lacks: none; note: x, line break.
    expect(counts()).toEqual([3, 2, 0, 2]);
    for (const size of [1, 2, 5, 13]) expect(counts(size)).toEqual([3, 2, 0, 2]);
  });

  it('tells where each record ends, so that a file can be cut after any record', () => {
    const { records } = scan(tricky, { size: 5 });
    const bytes = Buffer.from(tricky);
    expect(records.map((r) => r.end)).toEqual([
      bytes.indexOf('002'),
      bytes.indexOf('\n\n"003"') + 1,
      bytes.indexOf('004'),
      bytes.length,
    ]);
  });

  it('refuses a first line too long to be a header, without holding more of it', () => {
    const line = 'x'.repeat(MAX_HEADER_BYTES + 1);
    expect(() => scan(line, { size: 4096 })).toThrow(/first line is longer than 64 KB/);
  });
});
