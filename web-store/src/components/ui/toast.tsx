import { useEffect, useSyncExternalStore } from 'react';
import './toast.css';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** docs/store-spec.md §9: one toast at a time, closing by itself after 5 seconds unless dismissed first. */
export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(toast: Toast | null): void {
  current = toast;
  listeners.forEach((listener) => listener());
}

/** Shows a toast, replacing any toast already showing. */
export function toast(options: { title: string; description?: string; variant?: ToastVariant }): void {
  publish({ id: nextId++, variant: 'default', ...options });
}

export function dismissToast(): void {
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => {
      if (current?.id === shown.id) dismissToast();
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    // A live region that is always present, so screen readers announce each toast.
    <div className="toast-region" role="region" aria-label="Notifications">
      {shown && (
        <div
          key={shown.id}
          className={`toast toast--${shown.variant}`}
          role={shown.variant === 'destructive' ? 'alert' : 'status'}
          aria-live={shown.variant === 'destructive' ? 'assertive' : 'polite'}
        >
          <div className="toast__body">
            <div className="toast__title">{shown.title}</div>
            {shown.description && <div className="toast__description">{shown.description}</div>}
          </div>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismissToast}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
