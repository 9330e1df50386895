import type { AuditRow } from './audit-log.repository';

export const BREAK_GLASS_ACTOR = 'Shared admin password (break-glass)';

/** Who an audit entry is by, in words a reviewer reads: a named person, the shared password, or who a refused attempt claimed to be. */
export function auditActor(row: AuditRow): string {
  const signedIn = sessionActor(row);
  if (signedIn) return signedIn;
  const claimed = (row.after ?? {}) as { name?: unknown; email?: unknown; subject?: unknown; signInMethod?: unknown };
  if (claimed.signInMethod === 'password') return BREAK_GLASS_ACTOR;
  return person(text(claimed.name), text(claimed.email), text(claimed.subject)) || 'Unknown';
}

/** Who signed in to a staff session: a named person or the shared password (null for a session of neither). */
export function sessionActor(
  session: Pick<AuditRow, 'signInMethod' | 'staffName' | 'staffEmail' | 'staffSubject'>,
): string | null {
  if (session.signInMethod === 'password') return BREAK_GLASS_ACTOR;
  if (session.signInMethod === 'staff-account')
    return person(session.staffName, session.staffEmail, session.staffSubject);
  return null;
}

function person(name: string | null, email: string | null, subject: string | null): string {
  if (name && email) return `${name} <${email}>`;
  return name ?? email ?? subject ?? '';
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
