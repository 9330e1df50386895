import { groupOwners } from '../../modules/owners/owner-grouping';
import { pairwiseQuality, plantedOwners } from './synthetic-owners';

describe('planted owners', () => {
  const mentions = plantedOwners(3000);
  const truth = mentions.map((m) => m.owner);

  it('plants what grouping must tell apart: spellings, namesakes in other states, a shared agent address', () => {
    const namesOf = new Map<number, Set<string>>();
    for (const m of mentions) namesOf.set(m.owner, (namesOf.get(m.owner) ?? new Set()).add(m.name));
    expect([...namesOf.values()].filter((names) => names.size > 1).length).toBeGreaterThan(500);
    const ownersOf = new Map<string, Set<number>>();
    for (const m of mentions) ownersOf.set(m.name, (ownersOf.get(m.name) ?? new Set()).add(m.owner));
    expect([...ownersOf.values()].filter((owners) => owners.size > 1).length).toBeGreaterThan(20);
    expect(
      new Set(mentions.filter((m) => m.mail.address === '1209 ORANGE ST').map((m) => m.owner)).size,
    ).toBeGreaterThan(30);
  });

  it('groups them with precision and recall of at least 0.95 over pairs of parcels', () => {
    const quality = pairwiseQuality(
      truth,
      groupOwners(mentions).map((group) => group.mentions),
    );
    expect(quality.precision).toBeGreaterThanOrEqual(0.95);
    expect(quality.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('measures quality as pairs: a wrong join costs precision, a missed one recall', () => {
    expect(pairwiseQuality([1, 1, 2], [[0, 1], [2]])).toMatchObject({ precision: 1, recall: 1 });
    expect(pairwiseQuality([1, 1, 2], [[0, 1, 2]])).toMatchObject({ precision: 1 / 3, recall: 1, falsePairs: 2 });
    expect(pairwiseQuality([1, 1, 1], [[0, 1], [2]])).toMatchObject({ precision: 1, recall: 1 / 3, missedPairs: 2 });
  });
});
