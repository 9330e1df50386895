import { mergeTargets, stableOwnerIds } from './stable-owner-ids';

const counter = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('stableOwnerIds', () => {
  it('gives each group the id most of its mentions had, and new ids to new owners', () => {
    const previous = [
      { group: 0, ownerId: 'a', mentions: 5 },
      { group: 0, ownerId: 'b', mentions: 1 },
      { group: 1, ownerId: 'b', mentions: 3 },
    ];
    expect(stableOwnerIds(3, previous, new Map(), counter())).toEqual(['a', 'b', 'new-1']);
  });

  it('keeps an owner split in two under its id in the larger part', () => {
    const previous = [
      { group: 0, ownerId: 'a', mentions: 2 },
      { group: 1, ownerId: 'a', mentions: 7 },
    ];
    expect(stableOwnerIds(2, previous, new Map(), counter())).toEqual(['new-1', 'a']);
  });

  it('gives two owners joined now the id of the larger', () => {
    const previous = [
      { group: 0, ownerId: 'a', mentions: 2 },
      { group: 0, ownerId: 'b', mentions: 4 },
    ];
    expect(stableOwnerIds(1, previous, new Map(), counter())).toEqual(['b']);
  });

  it('gives a fixed id to its group only, even where others had it more', () => {
    const previous = [
      { group: 0, ownerId: 's', mentions: 9 },
      { group: 1, ownerId: 's', mentions: 1 },
    ];
    expect(stableOwnerIds(2, previous, new Map([[1, 's']]), counter())).toEqual(['new-1', 's']);
  });
});

describe('mergeTargets', () => {
  it('follows merges to their end', () => {
    const targets = mergeTargets([
      { ownerId: 'a', resultOwnerId: 'b' },
      { ownerId: 'b', resultOwnerId: 'c' },
    ]);
    expect(Object.fromEntries(targets)).toEqual({ a: 'c', b: 'c' });
  });

  it('leaves out a merge closing a circle, and a second merge of one owner', () => {
    const targets = mergeTargets([
      { ownerId: 'a', resultOwnerId: 'b' },
      { ownerId: 'b', resultOwnerId: 'a' },
      { ownerId: 'a', resultOwnerId: 'c' },
    ]);
    expect(Object.fromEntries(targets)).toEqual({ a: 'b' });
  });
});
