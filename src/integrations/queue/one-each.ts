/** One thing registered under a name (a job's handler, a mail's template), and where it was found. */
export interface Registration {
  name: string;
  /** Class or Class.method, for the start-up error. */
  where: string;
}

export interface OneEachWords {
  /** What is expected, e.g. `job mail/receipt`. */
  expected(name: string): string;
  /** What each must have exactly one of: `handler`, `template`. */
  noun: string;
  /** A registration under a name nobody expects. */
  stray(found: Registration): string;
}

/**
 * A registry's start-up problems: each expected name must have exactly one registration, and no
 * registration may name anything else. Worded for one line each, so that a refused start names what
 * to fix.
 */
export function oneEachProblems(
  expected: readonly string[],
  found: readonly Registration[],
  words: OneEachWords,
): string[] {
  const problems: string[] = [];
  for (const name of expected) {
    const matches = found.filter((registration) => registration.name === name);
    if (matches.length === 0) problems.push(`${words.expected(name)} has no ${words.noun}`);
    if (matches.length > 1) {
      problems.push(
        `${words.expected(name)} has ${matches.length} ${words.noun}s (${matches.map((m) => m.where).join(', ')})`,
      );
    }
  }
  for (const registration of found) {
    if (!expected.includes(registration.name)) problems.push(words.stray(registration));
  }
  return problems;
}
