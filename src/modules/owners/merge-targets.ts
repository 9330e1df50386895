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
