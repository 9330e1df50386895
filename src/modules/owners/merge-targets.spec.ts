import { mergeTargets } from './merge-targets';

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
