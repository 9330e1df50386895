import {
  GROUPING_RULES,
  groupOwners,
  keyNumbers,
  OwnerGrouper,
  OwnerMention,
  pairHash,
  runsOf,
  SHARED_ADDRESS_OWNERS,
} from './owner-grouping';

let parcel = 0;
/** A mention of `name` on a new parcel, with its mailing address ("street, city, ST zip"). */
function mention(name: string, mail: string): OwnerMention {
  const [address, city, stateZip] = mail.split(', ');
  const [state, zip] = stateZip.split(' ');
  return { parcelKey: `24510P${++parcel}`, slot: 1, name, mail: { address, city, state, zip } };
}

/** The groups as lists of names, each list in the order given; groups in the order of their first mention. */
const grouped = (mentions: OwnerMention[]) =>
  groupOwners(mentions)
    .map((group) => group.mentions.map((i) => mentions[i].name))
    .sort((a, b) => mentions.findIndex((m) => m.name === a[0]) - mentions.findIndex((m) => m.name === b[0]));

describe('grouping owners by name and mailing address', () => {
  it('makes one owner of a company’s spellings at one mailing address, and says by which rules', () => {
    const mentions = [
      mention('ACME HOLDINGS LLC', '100 Main Street, Baltimore, MD 21201'),
      mention('ACME HOLDINGS, L.L.C.', '100 MAIN ST, BALTIMORE, MD 21201-1234'),
      mention('ACME HLDGS LLC', '100 Main St., Baltimore, MD 21201'),
      mention('ACME PROPERTIES HOLDINGS LLC', '100 MAIN ST, BALTIMORE, MD 21201'),
    ];
    const [group, ...others] = groupOwners(mentions);
    expect(others).toEqual([]);
    expect(group.mentions).toEqual([0, 1, 2, 3]);
    expect(group.evidence).toEqual({ sameNameSameMail: 2, spellingSameMail: 1 });
    expect(GROUPING_RULES.spellingSameMail).toBe('two spellings of one company name at one mailing address');
  });

  it('keeps namesakes with mailing addresses in two states apart, and joins a company’s addresses in one state', () => {
    expect(
      grouped([
        mention('ACME HOLDINGS LLC', '100 MAIN ST, AUSTIN, TX 78701'),
        mention('ACME HOLDINGS LLC', '9 ELM AVE, DALLAS, TX 75201'),
        mention('ACME HOLDINGS LLC', '5 PINE RD, FRESNO, CA 93701'),
      ]),
    ).toEqual([['ACME HOLDINGS LLC', 'ACME HOLDINGS LLC'], ['ACME HOLDINGS LLC']]);
    expect(
      grouped([
        mention('SMITH JOHN A', '12 OAK ST, TOWSON, MD 21204'),
        mention('JOHN A SMITH', '40 BAY RD, TOWSON, MD 21204'),
        mention('SMITH JOHN A', '7 SEA VIEW DR, SAN DIEGO, CA 92101'),
      ]),
    ).toEqual([['SMITH JOHN A', 'JOHN A SMITH'], ['SMITH JOHN A']]);
  });

  it('joins a person with and without a middle initial only at one mailing address, and never father and son', () => {
    expect(
      grouped([
        mention('SMITH JOHN A', '12 OAK ST, TOWSON, MD 21204'),
        mention('SMITH JOHN', '12 Oak Street, Towson, MD 21204'),
        mention('SMITH JOHN', '99 HILL RD, TOWSON, MD 21286'),
        mention('SMITH JOHN A JR', '12 OAK ST, TOWSON, MD 21204'),
      ]),
    ).toEqual([['SMITH JOHN A', 'SMITH JOHN'], ['SMITH JOHN'], ['SMITH JOHN A JR']]);
  });

  it('takes nothing from an address shared by many owners but their names', () => {
    const agent = '1209 ORANGE ST, WILMINGTON, DE 19801';
    const mentions = [
      ...Array.from({ length: SHARED_ADDRESS_OWNERS }, (_, i) => mention(`COMPANY ${i} LLC`, agent)),
      mention('ACME HOLDINGS LLC', agent),
      mention('ACME HOLDINGS GROUP LLC', agent),
      mention('ACME HOLDINGS LLC', agent),
    ];
    const acme = grouped(mentions).filter((names) => names[0].startsWith('ACME'));
    expect(acme).toEqual([['ACME HOLDINGS LLC', 'ACME HOLDINGS LLC'], ['ACME HOLDINGS GROUP LLC']]);
  });

  it('leaves out mentions without a name, and groups a name without a mailing address by itself', () => {
    const groups = grouped([
      mention('', '1 MAIN ST, TOWSON, MD 21204'),
      { parcelKey: 'X', slot: 2, name: 'DOE JANE', mail: { address: '', city: '', state: '', zip: '' } },
      { parcelKey: 'Y', slot: 2, name: 'DOE JANE', mail: { address: '', city: '', state: '', zip: '' } },
    ]);
    expect(groups).toEqual([['DOE JANE'], ['DOE JANE']]);
  });

  it('joins owners across addresses by the name each is mostly written under: a shortened spelling bridges nothing', () => {
    expect(
      grouped([
        mention('OAK SMITH HOLDINGS LLC', '1 MAIN ST, AUSTIN, TX 78701'),
        mention('OAK SMITH HOLDINGS LLC', '1 MAIN ST, AUSTIN, TX 78701'),
        mention('OAK SMITH LLC', '1 MAIN ST, AUSTIN, TX 78701'),
        mention('OAK SMITH PROPERTIES LLC', '9 ELM AVE, DALLAS, TX 75201'),
        mention('OAK SMITH PROPERTIES LLC', '9 ELM AVE, DALLAS, TX 75201'),
        mention('OAK SMITH LLC', '9 ELM AVE, DALLAS, TX 75201'),
        mention('OAK SMITH HOLDINGS LLC', '77 BAY RD, HOUSTON, TX 77001'),
      ]),
    ).toEqual([
      ['OAK SMITH HOLDINGS LLC', 'OAK SMITH HOLDINGS LLC', 'OAK SMITH LLC', 'OAK SMITH HOLDINGS LLC'],
      ['OAK SMITH PROPERTIES LLC', 'OAK SMITH PROPERTIES LLC', 'OAK SMITH LLC'],
    ]);
  });

  it('joins a person written without an initial to the one person of that name with one in the ZIP code', () => {
    expect(
      grouped([
        mention('SMITH JOHN A', '12 OAK ST, TOWSON, MD 21204'),
        mention('SMITH JOHN', '40 BAY RD, TOWSON, MD 21204'),
        mention('DOE JANE A', '1 ELM ST, AUSTIN, TX 78701'),
        mention('DOE JANE B', '2 ELM ST, AUSTIN, TX 78701'),
        mention('DOE JANE', '3 ELM ST, AUSTIN, TX 78701'),
      ]),
    ).toEqual([['SMITH JOHN A', 'SMITH JOHN'], ['DOE JANE A'], ['DOE JANE B'], ['DOE JANE']]);
  });
});

describe('grouping owners whose mailing addresses are written in part, as rolls leave fields empty', () => {
  /** A mention of `name` with the parts of its mailing address given, the others left empty. */
  const partly = (name: string, mail: Partial<OwnerMention['mail']>): OwnerMention => ({
    parcelKey: `24510P${++parcel}`,
    slot: 1,
    name,
    mail: { address: '', city: '', state: '', zip: '', ...mail },
  });
  const names = (mentions: OwnerMention[]) =>
    groupOwners(mentions).map((group) => ({
      names: group.mentions.map((i) => mentions[i].name),
      rules: Object.keys(group.evidence).sort(),
    }));

  it('joins a name at one street line where the city or the state agree, and a company at one street line alone', () => {
    expect(
      names([
        partly('SMITH JOHN A', { address: '12 OAK ST', city: 'TOWSON', state: 'MD', zip: '21204' }),
        partly('JOHN A SMITH', { address: '12 Oak Street', city: 'Towson' }),
        partly('SMITH JOHN A', { address: '12 OAK ST', state: 'MD' }),
        // The same street line in another state is another address.
        partly('SMITH JOHN A', { address: '12 OAK ST', state: 'VA' }),
        partly('ACME HOLDINGS LLC', { address: '100 MAIN ST', city: 'AUSTIN', state: 'TX', zip: '78701' }),
        partly('ACME HOLDINGS, L.L.C.', { address: '100 Main Street' }),
      ]),
    ).toEqual([
      { names: ['SMITH JOHN A', 'JOHN A SMITH', 'SMITH JOHN A'], rules: ['sameNameSameStreet'] },
      { names: ['SMITH JOHN A'], rules: [] },
      { names: ['ACME HOLDINGS LLC', 'ACME HOLDINGS, L.L.C.'], rules: ['entitySameStreet'] },
    ]);
  });

  it('reads a city of five digits as the ZIP code written in the wrong field', () => {
    expect(
      names([
        partly('SMITH JOHN A', { address: '12 OAK ST', city: 'TOWSON', state: 'MD', zip: '21204' }),
        partly('JOHN A SMITH', { address: '12 Oak Street', city: '21204' }),
        partly('SMITH JOHN A', { address: '12 OAK ST', city: '21286' }),
      ]),
    ).toEqual([
      { names: ['SMITH JOHN A', 'JOHN A SMITH'], rules: ['sameNameSameMail'] },
      { names: ['SMITH JOHN A'], rules: [] },
    ]);
  });

  it('joins a name written without a street to the one owner of that name with one there, and never to one of two', () => {
    expect(
      names([
        // One company, written two ways at its address; a clerk wrote the second with no street, only the state.
        partly('BLUE RIDGE HALL CAPITAL LLC', { address: '4 HILL RD', city: 'DOVER', state: 'DE', zip: '19901' }),
        partly('BLUE RIDGE HALL CAPITAL LLC', { address: '4 HILL RD', city: 'DOVER', state: 'DE', zip: '19901' }),
        partly('BLUE RIDGE HALL LLC', { address: '4 HILL RD', city: 'DOVER', state: 'DE', zip: '19901' }),
        partly('BLUE RIDGE HALL LLC', { state: 'DE' }),
        // A person with no street in the city of the one person of that name.
        partly('DOE JANE A', { address: '1 ELM ST', city: 'AUSTIN', state: 'TX', zip: '78701' }),
        partly('JANE A DOE', { city: 'Austin', state: 'TX' }),
        // Two persons of one name in a city (two ZIP codes): a third with no street, only the city, is neither's.
        partly('ROE MARY', { address: '1 BAY RD', city: 'TOWSON', zip: '21204' }),
        partly('ROE MARY', { address: '9 SEA DR', city: 'TOWSON', zip: '21286' }),
        partly('ROE MARY', { city: 'TOWSON' }),
        // A person's name with only a state joins no one: a state holds many of one name.
        partly('DOE JANE A', { state: 'TX' }),
      ]),
    ).toEqual([
      {
        names: [
          'BLUE RIDGE HALL CAPITAL LLC',
          'BLUE RIDGE HALL CAPITAL LLC',
          'BLUE RIDGE HALL LLC',
          'BLUE RIDGE HALL LLC',
        ],
        rules: ['sameNameSameMail', 'spellingSameMail', 'unaddressedSameName'],
      },
      { names: ['DOE JANE A', 'JANE A DOE'], rules: ['unaddressedSameName'] },
      { names: ['ROE MARY'], rules: [] },
      { names: ['ROE MARY'], rules: [] },
      { names: ['ROE MARY'], rules: [] },
      { names: ['DOE JANE A'], rules: [] },
    ]);
  });
});

describe('the mentions of an owner as staff decide on them', () => {
  it('finds each mention again by the name and mailing address it was written down under', () => {
    const mentions = [
      mention('SMITH JOHN A', '12 OAK ST, TOWSON, MD 21204'),
      mention('JOHN A SMITH', '12 Oak Street, Towson, MD 21204-5555'),
      mention('SMITH JOHN A', '12 OAK ST, DULANEY, MD 21204'),
      mention('SMITH JOHN A', '9 ELM AVE, TOWSON, MD 21286'),
      mention('SMITH JOHN A', '12 OAK ST, TOWSON, MD '),
      mention('SMITH JOHN A', ', TOWSON, MD 21204'),
    ];
    const grouper = new OwnerGrouper();
    const keys = mentions.map((m) => {
      grouper.add(m);
      const { nameKey, mailKey } = grouper.lastKeys;
      return keyNumbers(nameKey, mailKey);
    });
    // By name and address as written down: the first three are one name at one street line in one ZIP code.
    const found = keys.map((at) => mentions.map((_, i) => i).filter((i) => grouper.isAt(i, at)));
    expect(found).toEqual([[0, 1, 2], [0, 1, 2], [0, 1, 2], [3], [4], [5]]);
  });

  it('gives the memory of its columns back when told, not at the next garbage collection', () => {
    const grouper = new OwnerGrouper();
    const count = 100_000;
    for (let i = 0; i < count; i++) grouper.add(mention(`OWNER ${i} LLC`, `${i} MAIN ST, DOVER, DE 19901`));
    const held = process.memoryUsage().arrayBuffers;
    grouper.free();
    // 40 bytes a mention in its columns, and a company's words.
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(count * 40);
  });
});

describe('finding the mentions that agree on two keys', () => {
  it('hands on exactly the runs of equal keys, also where different keys share a sorting hash', () => {
    // 400,000 mentions of 300,000 keys sort under 32-bit hashes: some different keys share one.
    const count = 400_000;
    const first = (i: number) => (i % 11 === 0 ? NaN : ((i % 150_000) * 2654435761) % 2 ** 32);
    const second = (i: number) => i % 2;
    const expected = new Map<string, number[]>();
    for (let i = 0; i < count; i++) {
      if (Number.isNaN(first(i))) continue;
      const key = `${first(i)}|${second(i)}`;
      expected.set(key, [...(expected.get(key) ?? []), i]);
    }
    const hashes = new Set([...expected.values()].map(([i]) => pairHash(first(i), second(i), 32)));
    expect(hashes.size).toBeLessThan(expected.size);
    const runs: number[][] = [];
    runsOf(new Float64Array(count), first, second, (run) => runs.push([...run]));
    const sameKeys = [...expected.values()].filter((run) => run.length > 1);
    expect(sameKeys.length).toBeGreaterThan(50_000);
    expect(runs.sort((a, b) => a[0] - b[0])).toEqual(sameKeys.sort((a, b) => a[0] - b[0]));
  });
});
