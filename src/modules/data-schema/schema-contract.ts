import { DEPRECATION_NOTICE_DAYS, fieldHistory, type SchemaSnapshot, type SchemaVersion } from './schema-versions';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** [major, minor, patch] of a semantic version; null for anything else. */
function semver(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * What breaks the schema's promise to customers from one published version to the next, each as a
 * sentence naming the field and the version (empty when nothing does): a field never changes type
 * and never leaves without a deprecation announced DEPRECATION_NOTICE_DAYS before, in a major
 * version; a new field comes in a new minor (or major) version; each version's changelog says what it
 * added and removed, and nothing else. `snapshots[i]` holds the fields of `versions[i]`.
 */
export function contractBreaks(versions: readonly SchemaVersion[], snapshots: readonly SchemaSnapshot[]): string[] {
  const breaks: string[] = [];
  versions.forEach((v, i) => {
    if (snapshots[i]?.version !== v.version) breaks.push(`Version ${v.version} has no frozen fields.`);
    for (const notice of v.deprecated ?? []) {
      if (daysBetween(v.date, notice.leavesOn) < DEPRECATION_NOTICE_DAYS)
        breaks.push(
          `${notice.field} is deprecated in ${v.version} (${v.date}) to leave on ${notice.leavesOn}: ` +
            `less than ${DEPRECATION_NOTICE_DAYS} days' notice.`,
        );
    }
  });
  if (breaks.length > 0) return breaks;
  for (let i = 1; i < versions.length; i++) {
    const [before, after] = [snapshots[i - 1], snapshots[i]];
    const version = versions[i];
    const [from, to] = [semver(before.version), semver(after.version)];
    if (!from || !to || compareVersions(to, from) <= 0) {
      breaks.push(`Version ${after.version} does not follow ${before.version} as a semantic version.`);
      continue;
    }
    const typesBefore = new Map(before.fields.map((f) => [f.name, f.type]));
    const typesAfter = new Map(after.fields.map((f) => [f.name, f.type]));
    const removed = before.fields.filter((f) => !typesAfter.has(f.name)).map((f) => f.name);
    const added = after.fields.filter((f) => !typesBefore.has(f.name)).map((f) => f.name);
    for (const { name, type } of before.fields) {
      const now = typesAfter.get(name);
      if (now !== undefined && now !== type)
        breaks.push(
          `${name} changed from ${type} to ${now} in ${after.version}: a field never changes type; add a new field instead.`,
        );
    }
    for (const name of removed) {
      const notice = fieldHistory(name, versions.slice(0, i)).deprecated;
      if (!notice) breaks.push(`${name} left in ${after.version} without a deprecation announced before.`);
      else if (version.date < notice.leavesOn)
        breaks.push(`${name} left in ${after.version} (${version.date}), before ${notice.leavesOn} as announced.`);
      if (to[0] === from[0])
        breaks.push(`${name} left in ${after.version}: a field leaves only in a new major version.`);
    }
    if (added.length > 0 && to[0] === from[0] && to[1] === from[1])
      breaks.push(`${added.join(', ')} arrived in ${after.version}: a new field needs a new minor version.`);
    const listed = (names: string[] | undefined, actual: string[], what: string) => {
      const said = new Set(names ?? []);
      const unsaid = actual.filter((name) => !said.has(name));
      const wrong = [...said].filter((name) => !actual.includes(name));
      if (unsaid.length > 0)
        breaks.push(`The changelog of ${after.version} does not say it ${what} ${unsaid.join(', ')}.`);
      if (wrong.length > 0)
        breaks.push(`The changelog of ${after.version} says it ${what} ${wrong.join(', ')}, which it did not.`);
    };
    listed(version.added, added, 'added');
    listed(version.removed, removed, 'removed');
  }
  return breaks;
}
