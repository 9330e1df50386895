import { FormEvent, RefObject, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { handleUnauthorized } from '@/lib/auth';
import { messageOf } from '@/lib/http';
import type { Subscription } from '../api/subscriptions';
import { useCreateWebhook, WebhookEndpointWithSecret } from '../api/webhooks';
import { subscriptionLabel, WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, WebhookEventType } from '../webhook-display';

/** As the server takes them (CreateWebhookEndpointDto). */
const URL_MAX_LENGTH = 2048;
const DESCRIPTION_MAX_LENGTH = 200;

type Problem = { field: 'url' | 'events' | 'subscriptions'; message: string };

/** The API's refusals of a URL all begin with its field's name ("url must start with https://"). */
const problemOf = (message: string): Problem => ({
  field: /^url\b/.test(message) ? 'url' : /^subscriptionIds\b/.test(message) ? 'subscriptions' : 'events',
  message,
});

/** "Add an endpoint": where to POST, which events, and of which subscriptions (all, later ones too, by default). */
export function WebhookForm({
  subscriptions,
  urlRef,
  onCreated,
}: {
  subscriptions: readonly Subscription[];
  /** The URL field, for the section to bring the keyboard back to once the new secret is dismissed. */
  urlRef: RefObject<HTMLInputElement | null>;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<ReadonlySet<WebhookEventType>>(new Set(WEBHOOK_EVENT_TYPES));
  const [onlySome, setOnlySome] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<Problem | null>(null);
  const id = useId();
  const eventsRef = useRef<HTMLFieldSetElement>(null);
  const subscriptionsRef = useRef<HTMLFieldSetElement>(null);
  const problemId = `${id}-problem`;

  const toggle = <T,>(set: ReadonlySet<T>, item: T, on: boolean): ReadonlySet<T> => {
    const next = new Set(set);
    if (on) next.add(item);
    else next.delete(item);
    return next;
  };

  /** Shows the problem under the form and takes the keyboard to what needs changing. */
  const refuse = (found: Problem) => {
    setProblem(found);
    if (found.field === 'url') urlRef.current?.focus();
    else (found.field === 'events' ? eventsRef : subscriptionsRef).current?.querySelector('input')?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.size === 0) return refuse({ field: 'events', message: 'Choose at least one event to send.' });
    if (onlySome && chosen.size === 0)
      return refuse({ field: 'subscriptions', message: 'Choose at least one subscription, or all of them.' });
    setProblem(null);
    create.mutate(
      {
        url: url.trim(),
        description: description.trim() || undefined,
        events: WEBHOOK_EVENT_TYPES.filter((type) => events.has(type)),
        // Only the subscriptions still listed: one chosen before the list changed is not sent.
        subscriptionIds: onlySome ? subscriptions.filter((s) => chosen.has(s.id)).map((s) => s.id) : undefined,
      },
      {
        onSuccess: (endpoint) => {
          onCreated(endpoint);
          setUrl('');
          setDescription('');
          setEvents(new Set(WEBHOOK_EVENT_TYPES));
          setOnlySome(false);
          setChosen(new Set());
          toast({ title: 'Endpoint Added', description: 'Copy its signing secret now: it will not be shown again.' });
        },
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          refuse(problemOf(messageOf(error, 'Failed to add the endpoint.')));
        },
      },
    );
  };

  /** A change to what was refused takes its message away; the next try is checked afresh. */
  const changed = (field: Problem['field']) => {
    if (problem?.field === field) setProblem(null);
  };
  const invalid = (field: Problem['field']) => (problem?.field === field ? true : undefined);
  const describedBy = (field: Problem['field']) => (problem?.field === field ? problemId : undefined);

  return (
    <form className="webhooks__form" aria-label="Add an endpoint" onSubmit={submit}>
      <div className="webhooks__fields">
        <div className="webhooks__field webhooks__field--url">
          <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
          <Input
            id={`${id}-url`}
            ref={urlRef}
            type="url"
            inputMode="url"
            value={url}
            maxLength={URL_MAX_LENGTH}
            required
            placeholder="https://example.com/hooks/county-data"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalid('url')}
            aria-describedby={describedBy('url')}
            onChange={(event) => {
              setUrl(event.target.value);
              changed('url');
            }}
          />
        </div>
        <div className="webhooks__field">
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Input
            id={`${id}-description`}
            value={description}
            maxLength={DESCRIPTION_MAX_LENGTH}
            placeholder="e.g. Snowflake loader"
            autoComplete="off"
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
      </div>

      <fieldset className="webhooks__choices" ref={eventsRef} aria-describedby={describedBy('events')}>
        <legend className="label">Events to send</legend>
        <div className="webhooks__events">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="webhooks__check">
              <input
                type="checkbox"
                checked={events.has(type)}
                aria-invalid={invalid('events')}
                onChange={(event) => {
                  setEvents(toggle(events, type, event.target.checked));
                  changed('events');
                }}
              />
              <span>
                <code className="webhooks__event">{type}</code>
                <span className="webhooks__check-hint">{WEBHOOK_EVENTS[type]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {subscriptions.length > 0 && (
        <fieldset className="webhooks__choices" ref={subscriptionsRef} aria-describedby={describedBy('subscriptions')}>
          <legend className="label">Subscriptions</legend>
          <div className="webhooks__scope">
            <label className="webhooks__check">
              <input
                type="radio"
                name={`${id}-scope`}
                checked={!onlySome}
                onChange={() => {
                  setOnlySome(false);
                  changed('subscriptions');
                }}
              />
              <span>All, including ones you buy later</span>
            </label>
            <label className="webhooks__check">
              <input type="radio" name={`${id}-scope`} checked={onlySome} onChange={() => setOnlySome(true)} />
              <span>Only some subscriptions</span>
            </label>
          </div>
          {onlySome && (
            <ul className="webhooks__subscriptions" aria-label="Subscriptions to send events of">
              {subscriptions.map((subscription) => (
                <li key={subscription.id}>
                  <label className="webhooks__check">
                    <input
                      type="checkbox"
                      checked={chosen.has(subscription.id)}
                      aria-invalid={invalid('subscriptions')}
                      onChange={(event) => {
                        setChosen(toggle(chosen, subscription.id, event.target.checked));
                        changed('subscriptions');
                      }}
                    />
                    <span>{subscriptionLabel(subscription)}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}

      {problem && (
        <p id={problemId} className="webhooks__problem" role="alert">
          {problem.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending || !url.trim()}>
          {create.isPending ? 'Adding...' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
