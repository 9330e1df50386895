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
 * after it (a double click, an impatient second press), so the server does the action once. Once
 * the answer is in, `done()` lets the next click be a new, deliberate action with a key of its own.
 */
export function useRequestKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newRequestKey()),
    done: () => {
      key.current = null;
    },
  };
}
