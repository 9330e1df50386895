/**
 * How the Owners pages word what the API answers: kinds, mailing addresses, the names at addresses a
 * decision names, what a decision did, and the checks a split or merge passes before it is sent.
 */

/** A name at a mailing address as grouping compares them (`mailKey` empty: no mailing address). */
export interface MentionKey {
  nameKey: string;
  mailKey: string;
}

/** The shortest search the API answers (GET /api/admin/owners: "name must be at least 3 characters"). */
export const MIN_SEARCH_LENGTH = 3;
/** The longest reason the API keeps with a decision. */
export const MAX_REASON_LENGTH = 500;

/** The name typed in the search, trimmed, or null while it is too short to send. */
export function ownerSearchText(typed: string | null | undefined): string | null {
  const text = (typed ?? '').trim();
  return text.length >= MIN_SEARCH_LENGTH ? text : null;
}

const KIND_LABELS: Record<string, string> = { person: 'Person', entity: 'Company or organization' };

/** "person" and "entity" as staff read them. */
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

/** A spelling's mailing address as written, or that it has none. */
export const mailText = (mail: string | null | undefined): string => (mail?.trim() ? mail : 'No mailing address');

/** The first 8 characters of an id, as the console shows ids in a sentence. */
export const shortId = (id: string): string => id.slice(0, 8);

/** One key per name at a mailing address: a table row's key and a selection's entry. */
export const spellingKey = ({ nameKey, mailKey }: MentionKey): string => `${nameKey}\n${mailKey}`;

/** The spellings whose keys are selected, in the owner's order: a key the owner no longer has is dropped. */
export function selectedSpellings<Spelling extends MentionKey>(
  selected: readonly string[],
  spellings: readonly Spelling[],
): Spelling[] {
  const chosen = new Set(selected);
  return spellings.filter((spelling) => chosen.has(spellingKey(spelling)));
}

/** Why the selection cannot be split off yet (nothing chosen, or every name), or null when it can. */
export function splitBlocker(selected: number, total: number): string | null {
  if (selected === 0) return 'Select the names at mailing addresses to split off';
  if (selected >= total) return 'A split leaves some of the owner’s names behind: leave at least one unselected';
  return null;
}

/** What is wrong with a decision's reason as typed, or null when the API will take it. */
export function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < 3) return 'Say why, in at least 3 characters';
  if (text.length > MAX_REASON_LENGTH) return `Keep the reason to ${MAX_REASON_LENGTH} characters`;
  return null;
}

/**
 * A name at a mailing address a decision names: as written when the owner still has that spelling,
 * else as grouping keys it (upper case, the ZIP code after the street).
 */
export function mentionLabel(
  mention: MentionKey,
  spellings: readonly (MentionKey & { name: string; mail: string })[],
): string {
  const spelling = spellings.find((s) => s.nameKey === mention.nameKey && s.mailKey === mention.mailKey);
  if (spelling) return `${spelling.name} at ${mailText(spelling.mail)}`;
  const mail = mention.mailKey.split('|').filter(Boolean).join(' ');
  return mail ? `${mention.nameKey} at ${mail}` : `${mention.nameKey}, no mailing address`;
}

/** A split or merge as the owner's page lists it: what happened, and the other owner it names. */
export interface DecisionSummary {
  /** What happened, read before the other owner's id: "Split off into", "Merged into"… */
  action: string;
  /** The other owner of the decision. */
  otherOwnerId: string;
  /** Whether the other owner can be opened: one merged into this owner has no page any more. */
  linked: boolean;
}

export function decisionSummary(
  decision: { kind: string; ownerId: string; resultOwnerId: string },
  ownerId: string,
): DecisionSummary {
  const fromThis = decision.ownerId === ownerId;
  if (decision.kind === 'split') {
    return fromThis
      ? { action: 'Split off into the new owner', otherOwnerId: decision.resultOwnerId, linked: true }
      : { action: 'Split off from owner', otherOwnerId: decision.ownerId, linked: true };
  }
  return fromThis
    ? { action: 'Merged into owner', otherOwnerId: decision.resultOwnerId, linked: true }
    : { action: 'Merged in from owner', otherOwnerId: decision.ownerId, linked: false };
}
