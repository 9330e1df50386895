import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isUnauthorized } from '@/lib/http';
import { useSubscriptions } from '../api/subscriptions';
import { useWebhooks, WebhookEndpointWithSecret } from '../api/webhooks';
import { WebhookEndpointItem } from './webhook-endpoint';
import { WebhookForm } from './webhook-form';
import { ShownOnceSecret } from './shown-once-secret';
import './webhooks.css';

/** "Webhooks": endpoints the store POSTs signed events to (docs/webhooks.md), with their delivery logs. */
export function WebhookSection({ signedIn }: { signedIn: boolean }) {
  const endpoints = useWebhooks(signedIn);
  // The subscription list's own query: the cache answers, no second request.
  const subscriptions = useSubscriptions(signedIn);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  // A lost session is the subscription list's to report (it signs the customer in again).
  if (endpoints.isPending || isUnauthorized(endpoints.error)) return null;
  const owned = subscriptions.data ?? [];

  const deleted = (id: string) => {
    if (created?.id === id) setCreated(null);
    // The endpoint's buttons are gone with it: the keyboard goes back to the top of the section.
    titleRef.current?.focus();
  };

  return (
    <section className="dash-webhooks" aria-labelledby="dash-webhooks-title">
      <h2 id="dash-webhooks-title" ref={titleRef} tabIndex={-1} className="dash-section-title">
        Webhooks
      </h2>
      <div className="card webhooks">
        <p className="webhooks__intro">
          We POST signed events to your HTTPS endpoint when a county you hold gets a new release, or a subscription
          renews or expires, and retry for three days until it answers 2xx; check each request’s{' '}
          <code>Cds-Signature</code> header with the endpoint’s signing secret.
        </p>
        <WebhookForm subscriptions={owned} urlRef={urlRef} onCreated={setCreated} />
        {created && (
          <ShownOnceSecret
            key={created.id}
            title={`Signing secret for ${created.url}`}
            label="Signing secret"
            value={created.secret}
            pasteHint="Paste it where your receiver keeps its secrets."
            onDone={() => {
              setCreated(null);
              urlRef.current?.focus();
            }}
          >
            Your receiver checks each delivery’s <code>Cds-Signature</code> with it; Roll secret gives a new one.
          </ShownOnceSecret>
        )}
        {endpoints.isError ? (
          <p className="webhooks__error" role="alert">
            Your webhook endpoints could not be loaded.{' '}
            <Button variant="outline" size="sm" onClick={() => void endpoints.refetch()}>
              Try again
            </Button>
          </p>
        ) : endpoints.data.length === 0 ? (
          <p className="webhooks__empty">No webhook endpoints yet.</p>
        ) : (
          <ul className="webhooks__list" aria-label="Your webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                subscriptions={owned}
                onDeleted={() => deleted(endpoint.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
