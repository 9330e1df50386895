import { useRef } from 'react';

/** A random UUID (v4), for a request the server must do once however often it arrives. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http (a LAN address) have no randomUUID; the same bytes make one.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per action staff take: the key of a click that is still being answered is the key of any click
 * after it (a double click, an impatient second press, a retry after a lost answer), so the server does
 * the action once. Once the answer is in, `done()` lets the next click be a new, deliberate action with
 * a key of its own; so do other `values` (another amount, another length): they are another action.
 */
export function useRequestKey(...values: unknown[]) {
  const key = useRef<{ id: string; values: string } | null>(null);
  const these = JSON.stringify(values);
  return {
    current: () => {
      if (key.current?.values !== these) key.current = { id: newRequestKey(), values: these };
      return key.current.id;
    },
    done: () => {
      key.current = null;
    },
  };
}
