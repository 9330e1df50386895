import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractBreaks } from './schema-contract';
import {
  deprecationNotices,
  fieldHistory,
  pendingDeprecations,
  SCHEMA_VERSION,
  SCHEMA_VERSIONS,
  type SchemaSnapshot,
  type SchemaVersion,
  snapshotOf,
} from './schema-versions';

/** The fields each published version froze (versions/<version>.json). */
const frozen = (version: string): SchemaSnapshot | undefined => {
  try {
    return JSON.parse(readFileSync(join(__dirname, 'versions', `${version}.json`), 'utf8')) as SchemaSnapshot;
  } catch {
    return undefined;
  }
};

describe('The schema contract: a field of a published version never disappears or changes type unannounced', () => {
  it('holds between every two published versions', () => {
    const snapshots = SCHEMA_VERSIONS.map((v) => frozen(v.version)!);
    expect(contractBreaks(SCHEMA_VERSIONS, snapshots)).toEqual([]);
  });

  it('has the fields in code frozen as the newest published version', () => {
    const published = frozen(SCHEMA_VERSION);
    // Changing a field (adding one included) means a new version in schema-versions.ts and its
    // frozen fields: `npm run schema:freeze` writes them.
    expect(snapshotOf(SCHEMA_VERSION)).toEqual(published);
  });
});

describe('contractBreaks', () => {
  const text = { name: 'owner_name', type: 'text' } as const;
  const money = { name: 'tax_amount', type: 'money' } as const;
  const first: SchemaVersion = { version: '1.0.0', date: '2026-01-01', summary: 'first' };
  const snapshot = (version: string, ...fields: SchemaSnapshot['fields']) => ({ version, fields });

  it('refuses a field that changes type', () => {
    const versions = [first, { version: '2.0.0', date: '2026-06-01', summary: 'typed' }];
    expect(
      contractBreaks(versions, [snapshot('1.0.0', text, money), snapshot('2.0.0', text, { ...money, type: 'text' })]),
    ).toEqual(['tax_amount changed from money to text in 2.0.0: a field never changes type; add a new field instead.']);
  });

  it('refuses a field that leaves without a deprecation, or renamed, which is the same', () => {
    const versions = [
      first,
      { version: '2.0.0', date: '2026-06-01', summary: 'renamed', added: ['owner'], removed: ['owner_name'] },
    ];
    expect(
      contractBreaks(versions, [
        snapshot('1.0.0', text, money),
        snapshot('2.0.0', money, { name: 'owner', type: 'text' }),
      ]),
    ).toContain('owner_name left in 2.0.0 without a deprecation announced before.');
  });

  it('lets a field leave in a major version once its notice has run, and not before', () => {
    const deprecated: SchemaVersion = {
      version: '1.1.0',
      date: '2026-02-01',
      summary: 'notice',
      deprecated: [{ field: 'tax_amount', leavesOn: '2026-05-02', note: 'Use taxable_value.' }],
    };
    const snapshots = [snapshot('1.0.0', text, money), snapshot('1.1.0', text, money), snapshot('2.0.0', text)];
    const removal = (date: string, version = '2.0.0'): SchemaVersion => ({
      version,
      date,
      summary: 'gone',
      removed: ['tax_amount'],
    });
    expect(contractBreaks([first, deprecated, removal('2026-05-02')], snapshots)).toEqual([]);
    expect(contractBreaks([first, deprecated, removal('2026-04-01')], snapshots)).toEqual([
      'tax_amount left in 2.0.0 (2026-04-01), before 2026-05-02 as announced.',
    ]);
    expect(
      contractBreaks(
        [first, deprecated, removal('2026-06-01', '1.2.0')],
        [...snapshots.slice(0, 2), snapshot('1.2.0', text)],
      ),
    ).toEqual(['tax_amount left in 1.2.0: a field leaves only in a new major version.']);
  });

  it('refuses a deprecation with less than 90 days of notice', () => {
    const short: SchemaVersion = {
      version: '1.1.0',
      date: '2026-02-01',
      summary: 'short notice',
      deprecated: [{ field: 'tax_amount', leavesOn: '2026-03-01', note: '' }],
    };
    expect(contractBreaks([first, short], [snapshot('1.0.0', money), snapshot('1.1.0', money)])).toEqual([
      "tax_amount is deprecated in 1.1.0 (2026-02-01) to leave on 2026-03-01: less than 90 days' notice.",
    ]);
  });

  it('wants a new field in a new minor version, listed in its changelog', () => {
    const patch = { version: '1.0.1', date: '2026-02-01', summary: 'quiet' };
    expect(contractBreaks([first, patch], [snapshot('1.0.0', text), snapshot('1.0.1', text, money)])).toEqual([
      'tax_amount arrived in 1.0.1: a new field needs a new minor version.',
      'The changelog of 1.0.1 does not say it added tax_amount.',
    ]);
  });

  it('wants every version frozen, and versions that go up', () => {
    const second = { version: '0.9.0', date: '2026-02-01', summary: 'down' };
    expect(contractBreaks([first, second], [snapshot('1.0.0', text)])).toEqual(['Version 0.9.0 has no frozen fields.']);
    expect(contractBreaks([first, second], [snapshot('1.0.0', text), snapshot('0.9.0', text)])).toEqual([
      'Version 0.9.0 does not follow 1.0.0 as a semantic version.',
    ]);
  });
});

describe('fieldHistory and pendingDeprecations', () => {
  it('dates each field of the store from the version that added it', () => {
    expect(fieldHistory('parcel_id')).toEqual({ since: '1.0.0', deprecated: null });
    expect(fieldHistory('geometry_wkt')).toEqual({ since: '1.1.0', deprecated: null });
  });

  it('announces a deprecation until the field leaves, as release emails word it', () => {
    const versions: SchemaVersion[] = [
      { version: '1.0.0', date: '2026-01-01', summary: 'first' },
      {
        version: '1.1.0',
        date: '2026-02-01',
        summary: 'notice',
        deprecated: [{ field: 'tax_amount', leavesOn: '2026-06-01', note: 'Use taxable_value.' }],
      },
    ];
    const notice = {
      field: 'tax_amount',
      leavesOn: '2026-06-01',
      note: 'Use taxable_value.',
      version: '1.1.0',
      announced: '2026-02-01',
    };
    expect(pendingDeprecations('2026-03-01', versions)).toEqual([notice]);
    expect(pendingDeprecations('2026-06-01', versions)).toEqual([]);
    expect(deprecationNotices('2026-03-01', versions)).toEqual([
      'Schema notice: the field tax_amount is deprecated (schema 1.1.0, 2026-02-01) and may leave the files from 2026-06-01. Use taxable_value.',
    ]);
    expect(deprecationNotices('2026-03-01')).toEqual([]);
  });
});
