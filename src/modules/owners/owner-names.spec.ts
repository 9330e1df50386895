import { ownerNameOf } from './owner-names';

const keyOf = (name: string) => ownerNameOf(name)?.key;
/** The rules that changed a name on the way to its key. */
const rulesOf = (name: string) => {
  const rules: string[] = [];
  ownerNameOf(name, rules);
  return rules;
};

describe('owner names as grouping compares them', () => {
  it('spells one company one way however the roll writes its legal form and abbreviations', () => {
    const spellings = [
      'ACME HOLDINGS LLC',
      'ACME HOLDINGS, L.L.C.',
      'ACME HLDGS LLC',
      'Acme Holdings L L C',
      'ACME HOLDING LIMITED LIABILITY COMPANY',
    ];
    expect(new Set(spellings.map(keyOf))).toEqual(new Set(['ACME HOLDINGS LLC']));
    expect(keyOf('THE ACME COMPANY')).toBe(keyOf('ACME CO.'));
    // Another legal form is another company.
    expect(keyOf('ACME HOLDINGS INC')).not.toBe(keyOf('ACME HOLDINGS LLC'));
    expect(keyOf('ACME HOLDINGS INCORPORATED')).toBe('ACME HOLDINGS INC');
  });

  it('explains every rule that changed a name', () => {
    expect(ownerNameOf('ACME HLDGS, L.L.C.')).toEqual({
      kind: 'entity',
      key: 'ACME HOLDINGS LLC',
      looseKey: 'ACME HOLDINGS LLC',
      coOwners: [],
    });
    expect(rulesOf('ACME HLDGS, L.L.C.')).toEqual(['case, accents and punctuation', 'HLDGS → HOLDINGS']);
    expect(rulesOf('Acme Holdings L L C')).toEqual(['L L C → LLC']);
    expect(rulesOf('ACME HOLDINGS LLC')).toEqual([]);
  });

  it('reads a person the same in either name order, and keeps generations apart', () => {
    expect(
      new Set(['SMITH JOHN A', 'JOHN A SMITH', 'Smith, John A.', 'SMITH JOHN A ET AL', 'MR JOHN A SMITH'].map(keyOf)),
    ).toEqual(new Set(['A JOHN SMITH']));
    expect(keyOf('SMITH JOHN A JR')).not.toBe(keyOf('SMITH JOHN A SR'));
    expect(rulesOf('SMITH JOHN A')).toEqual(['word order ignored']);
    expect(rulesOf('SMITH JOHN A ET AL')).toEqual(['ET AL dropped', 'word order ignored']);
  });

  it('matches a person with and without a middle initial only loosely', () => {
    const [withInitial, without] = [ownerNameOf('SMITH JOHN A')!, ownerNameOf('SMITH JOHN')!];
    expect(withInitial.key).not.toBe(without.key);
    expect(withInitial.looseKey).toBe(without.looseKey);
    expect(without.looseKey).toBe('JOHN SMITH');
  });

  it('sets co-owners apart, giving one written without a surname the first owner’s', () => {
    expect(ownerNameOf('SMITH JOHN A & MARY B')).toMatchObject({
      kind: 'person',
      key: 'A JOHN SMITH',
      coOwners: ['B MARY SMITH'],
    });
    expect(ownerNameOf('SMITH JOHN AND JONES MARY')!.coOwners).toEqual(['JONES MARY']);
  });

  it('reads a trust as one whatever its qualifiers and date', () => {
    expect(keyOf('SMITH JOHN A REV TR DTD 1-2-2003')).toBe('SMITH JOHN A TRUST');
    expect(keyOf('SMITH JOHN A TRUSTEE')).toBe('SMITH JOHN A TRUST');
    expect(keyOf('SMITH JOHN A REVOCABLE LIVING TRUST')).toBe('SMITH JOHN A TRUST');
    expect(rulesOf('SMITH JOHN A REV TR DTD 1-2-2003')).toEqual([
      'case, accents and punctuation',
      'TR → TRUST',
      'trust qualifiers dropped (REV DTD 1 2 2003)',
    ]);
  });

  it('takes accents off, and has nothing for a name with no words', () => {
    expect(keyOf('José García')).toBe('GARCIA JOSE');
    expect(ownerNameOf('  ')).toBeNull();
    expect(ownerNameOf('.,-')).toBeNull();
    expect(ownerNameOf('CITY OF BALTIMORE')!.kind).toBe('entity');
  });
});
