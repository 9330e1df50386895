import type { AuditRow } from './audit-log.repository';

export const BREAK_GLASS_ACTOR = 'Shared admin password (break-glass)';

/** Who an audit entry is by, in words a reviewer reads: a named person, the shared password, or who a refused attempt claimed to be. */
export function auditActor(row: AuditRow): string {
  if (row.signInMethod === 'password') return BREAK_GLASS_ACTOR;
  if (row.signInMethod === 'staff-account') return person(row.staffName, row.staffEmail, row.staffSubject);
  const claimed = (row.after ?? {}) as { name?: unknown; email?: unknown; subject?: unknown; signInMethod?: unknown };
  if (claimed.signInMethod === 'password') return BREAK_GLASS_ACTOR;
  return person(text(claimed.name), text(claimed.email), text(claimed.subject)) || 'Unknown';
}

function person(name: string | null, email: string | null, subject: string | null): string {
  if (name && email) return `${name} <${email}>`;
  return name ?? email ?? subject ?? '';
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
