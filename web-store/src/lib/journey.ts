import type { JourneyEventName } from '@contracts/journey';

const VISITOR_KEY = 'visitorId';

/** The visitor's random id, kept in localStorage under "visitorId" (docs/store-spec.md §3). */
export function visitorId(storage: Storage = localStorage): string {
  let id = storage.getItem(VISITOR_KEY);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = crypto.randomUUID();
    storage.setItem(VISITOR_KEY, id);
  }
  return id;
}

/** Records a journey event. Fire and forget: a failure is only logged, never shown. */
export function trackEvent(event: JourneyEventName, metadata: Record<string, unknown> = {}): void {
  let id: string;
  try {
    id = visitorId();
  } catch (error) {
    console.warn('Journey event not recorded: no storage', error);
    return;
  }
  fetch('/api/journey-events', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ visitorId: id, event, metadata }),
    keepalive: true,
  })
    .then((res) => {
      if (!res.ok) console.warn(`Journey event ${event} not recorded: ${res.status}`);
    })
    .catch((error: unknown) => console.warn(`Journey event ${event} not recorded`, error));
}
