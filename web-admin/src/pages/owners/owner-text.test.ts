import {
  decisionSummary,
  kindLabel,
  mailText,
  mentionLabel,
  ownerSearchText,
  reasonProblem,
  selectedSpellings,
  spellingKey,
  splitBlocker,
} from './owner-text';

const market = {
  name: 'Acme Holdings, L.L.C.',
  nameKey: 'ACME HOLDINGS',
  mail: '100 Market St, Wilmington DE 19801',
  mailKey: '100 MARKET ST|19801',
};
const king = {
  name: 'ACME HOLDINGS LLC',
  nameKey: 'ACME HOLDINGS',
  mail: '200 King St, Wilmington DE 19801',
  mailKey: '200 KING ST|19801',
};
const noMail = { name: 'ACME HOLDINGS LLC', nameKey: 'ACME HOLDINGS', mail: '', mailKey: '' };

describe('the owner search', () => {
  it('sends a name of at least 3 characters, trimmed, and nothing shorter', () => {
    expect(ownerSearchText('  acme hldgs ')).toBe('acme hldgs');
    expect(ownerSearchText('ac ')).toBeNull();
    expect(ownerSearchText('')).toBeNull();
    expect(ownerSearchText(null)).toBeNull();
  });
});

describe('words for what the API answers', () => {
  it('names the kinds, and keeps a kind it does not know as it is', () => {
    expect(kindLabel('person')).toBe('Person');
    expect(kindLabel('entity')).toBe('Company or organization');
    expect(kindLabel('trust')).toBe('trust');
  });

  it('says when a spelling has no mailing address', () => {
    expect(mailText(market.mail)).toBe('100 Market St, Wilmington DE 19801');
    expect(mailText('')).toBe('No mailing address');
    expect(mailText('  ')).toBe('No mailing address');
  });

  it('shows a decision’s name at an address as written while the owner has it, else as grouping keys it', () => {
    expect(mentionLabel({ nameKey: king.nameKey, mailKey: king.mailKey }, [market, king])).toBe(
      'ACME HOLDINGS LLC at 200 King St, Wilmington DE 19801',
    );
    expect(mentionLabel({ nameKey: king.nameKey, mailKey: king.mailKey }, [market])).toBe(
      'ACME HOLDINGS at 200 KING ST 19801',
    );
    expect(mentionLabel({ nameKey: 'ACME HOLDINGS', mailKey: '' }, [])).toBe('ACME HOLDINGS, no mailing address');
  });
});

describe('choosing names to split off', () => {
  it('keys each name at an address apart from the same name elsewhere', () => {
    expect(new Set([market, king, noMail].map(spellingKey)).size).toBe(3);
  });

  it('answers the selected spellings in the owner’s order, dropping keys the owner no longer has', () => {
    const selected = [spellingKey(king), spellingKey(market), 'GONE\n1 NOWHERE|00000'];
    expect(selectedSpellings(selected, [market, king, noMail])).toEqual([market, king]);
    expect(selectedSpellings([], [market, king])).toEqual([]);
  });

  it('asks for a selection, and refuses to split off every name', () => {
    expect(splitBlocker(0, 3)).toBe('Select the names at mailing addresses to split off');
    expect(splitBlocker(1, 3)).toBeNull();
    expect(splitBlocker(2, 3)).toBeNull();
    expect(splitBlocker(3, 3)).toMatch(/leave at least one unselected/);
    expect(splitBlocker(1, 1)).toMatch(/leave at least one unselected/);
  });
});

describe('a decision’s reason', () => {
  it('takes 3 to 500 characters, spaces around it not counted', () => {
    expect(reasonProblem('Another company')).toBeNull();
    expect(reasonProblem('  ab  ')).toBe('Say why, in at least 3 characters');
    expect(reasonProblem('')).toBe('Say why, in at least 3 characters');
    expect(reasonProblem('x'.repeat(500))).toBeNull();
    expect(reasonProblem('x'.repeat(501))).toBe('Keep the reason to 500 characters');
  });
});

describe('a decision as an owner’s page lists it', () => {
  const split = { kind: 'split', ownerId: 'acme', resultOwnerId: 'king' };
  const merge = { kind: 'merge', ownerId: 'texan', resultOwnerId: 'john' };

  it('names the new owner of a split on the owner split, and the owner it came from on the new one', () => {
    expect(decisionSummary(split, 'acme')).toEqual({
      action: 'Split off into the new owner',
      otherOwnerId: 'king',
      linked: true,
    });
    expect(decisionSummary(split, 'king')).toEqual({
      action: 'Split off from owner',
      otherOwnerId: 'acme',
      linked: true,
    });
  });

  it('links the owner merged into, and names without a link the owner merged in, which has no page', () => {
    expect(decisionSummary(merge, 'texan')).toEqual({
      action: 'Merged into owner',
      otherOwnerId: 'john',
      linked: true,
    });
    expect(decisionSummary(merge, 'john')).toEqual({
      action: 'Merged in from owner',
      otherOwnerId: 'texan',
      linked: false,
    });
  });
});
