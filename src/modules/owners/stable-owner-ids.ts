/** How many mentions of a group found now had an owner id in the grouping before. */
export interface PreviousShare {
  group: number;
  ownerId: string;
  mentions: number;
}

/**
 * An id for each group found now, so that an owner keeps its id from one grouping to the next: each
 * group takes the id most of its mentions had, the largest shares served first, each id given once
 * (an owner split in two keeps its id in the larger part). Groups with a fixed id (staff's splits)
 * take it, and no other group may. The rest get new ids.
 */
export function stableOwnerIds(
  groups: number,
  previous: PreviousShare[],
  fixed: ReadonlyMap<number, string>,
  newId: () => string,
): string[] {
  const ids = new Array<string | undefined>(groups);
  const taken = new Set<string>();
  for (const [group, id] of fixed) {
    ids[group] = id;
    taken.add(id);
  }
  const largestFirst = [...previous].sort(
    (a, b) => b.mentions - a.mentions || a.group - b.group || (a.ownerId < b.ownerId ? -1 : 1),
  );
  for (const { group, ownerId } of largestFirst) {
    if (ids[group] !== undefined || taken.has(ownerId)) continue;
    ids[group] = ownerId;
    taken.add(ownerId);
  }
  return Array.from(ids, (id) => id ?? newId());
}

/**
 * Where each owner merged away now goes: merges followed to their end (A into B, then B into C: A
 * into C); a merge that would close a circle is left out, as is any later merge of the same owner
 * (the first decision on an owner stands until staff undo it).
 */
export function mergeTargets(merges: { ownerId: string; resultOwnerId: string }[]): Map<string, string> {
  const into = new Map<string, string>();
  for (const { ownerId, resultOwnerId } of merges) {
    if (into.has(ownerId) || ownerId === resultOwnerId) continue;
    let end = resultOwnerId;
    while (into.has(end) && end !== ownerId) end = into.get(end)!;
    if (end === ownerId) continue;
    into.set(ownerId, resultOwnerId);
  }
  const resolved = new Map<string, string>();
  for (const from of into.keys()) {
    let end = into.get(from)!;
    while (into.has(end)) end = into.get(end)!;
    resolved.set(from, end);
  }
  return resolved;
}
