import { useSyncExternalStore } from 'react';

/**
 * Whether the page has shown its first content. A request started before then can answer
 * before the browser paints, and the paint then waits while the answer is parsed and rendered;
 * data a screen does not show at once (the catalog behind an empty list, the account links) is
 * asked for after it.
 */
let painted = false;
let watching = false;
const listeners = new Set<() => void>();

// Browsers without paint timing still get their data, a moment later.
const FALLBACK_MS = 1000;

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

function watchFirstPaint(): void {
  if (watching) return;
  watching = true;
  setTimeout(markPainted, FALLBACK_MS);
  if (typeof PerformanceObserver === 'undefined') return;
  try {
    // Reported once the frame has reached the screen, which a frame callback cannot tell.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        markPainted();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the fallback timer stands.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  watchFirstPaint();
  return () => listeners.delete(listener);
}

export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => false,
  );
}
