import { formatDate } from '@web-shared/format';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import type { Subscription } from '../api/subscriptions';
import {
  useDeleteWebhook,
  useEnableWebhook,
  useRollWebhookSecret,
  useSendTestEvent,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../api/webhooks';
import {
  asSentence,
  DEFAULT_OVERLAP_HOURS,
  formatMoment,
  OVERLAP_CHOICES,
  subscriptionScope,
} from '../webhook-display';
import { reportFailure } from './report-failure';
import { WebhookDeliveries } from './webhook-deliveries';
import { ShownOnceSecret } from './shown-once-secret';

type Question = 'roll' | 'delete';

/**
 * Roll secret and Delete ask first, in place. Cancel takes the keyboard back to the button that asked;
 * an answer that shows something new (the rolled secret) leaves focus to it.
 */
function useQuestion() {
  const [asking, setAsking] = useState<Question | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const askedBy = useRef<Record<Question, HTMLButtonElement | null>>({ roll: null, delete: null });
  const returnTo = useRef<Question | null>(null);

  useEffect(() => {
    if (asking) cancelRef.current?.focus();
    else if (returnTo.current) askedBy.current[returnTo.current]?.focus();
    returnTo.current = null;
  }, [asking]);

  const cancel = () => {
    returnTo.current = asking;
    setAsking(null);
  };
  return { asking, ask: setAsking, cancel, close: () => setAsking(null), cancelRef, askedBy };
}

/** What the old secret does after a roll, for the note under the new one. */
const overlapNote = (rolled: WebhookEndpointWithSecret) =>
  rolled.previousSecretUntil
    ? `The old secret keeps signing deliveries beside it until ${formatMoment(rolled.previousSecretUntil)}.`
    : 'The old secret no longer signs deliveries.';

/** One endpoint: what it gets, whether it is on, and what can be done with it; its log opens below. */
export function WebhookEndpointItem({
  endpoint,
  subscriptions,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  subscriptions: readonly Subscription[];
  onDeleted: () => void;
}) {
  const sendTest = useSendTestEvent();
  const enable = useEnableWebhook();
  const roll = useRollWebhookSecret();
  const remove = useDeleteWebhook();
  const { asking, ask, cancel, close, cancelRef, askedBy } = useQuestion();
  const [logOpen, setLogOpen] = useState(false);
  const [overlapHours, setOverlapHours] = useState(DEFAULT_OVERLAP_HOURS);
  const [rolled, setRolled] = useState<WebhookEndpointWithSecret | null>(null);
  const [testEventId, setTestEventId] = useState<string | null>(null);
  const id = useId();
  const logId = `${id}-log`;
  const disabled = endpoint.status === 'disabled';
  const named = <span className="visually-hidden"> {endpoint.url}</span>;
  const testRef = useRef<HTMLButtonElement>(null);
  const justEnabled = useRef(false);

  useEffect(() => {
    // Enable goes once the endpoint is on: the keyboard moves to what comes next, a test event.
    if (!disabled && justEnabled.current) testRef.current?.focus();
    justEnabled.current = false;
  }, [disabled]);

  const test = () =>
    sendTest.mutate(endpoint, {
      onSuccess: ({ eventId }) => {
        setTestEventId(eventId);
        // The log is where the answer shows: open it, so the delivery can be watched arriving.
        setLogOpen(true);
        toast({ title: 'Test Event Sent', description: 'webhook.test is on its way: its delivery shows in the log.' });
      },
      onError: (error) => reportFailure(error, 'Failed to send a test event.'),
    });

  const turnOn = () =>
    enable.mutate(endpoint, {
      onSuccess: () => {
        justEnabled.current = true;
        toast({ title: 'Endpoint Enabled', description: `${endpoint.url} gets events again.` });
      },
      onError: (error) => reportFailure(error, 'Failed to enable the endpoint.'),
    });

  const confirmRoll = () =>
    roll.mutate(
      { endpoint, overlapHours },
      {
        onSuccess: (answer) => {
          close();
          setRolled(answer);
          toast({ title: 'Secret Rolled', description: 'Copy the new secret now: it will not be shown again.' });
        },
        onError: (error) => {
          cancel();
          reportFailure(error, 'Failed to roll the secret.');
        },
      },
    );

  const confirmDelete = () =>
    remove.mutate(endpoint, {
      onSuccess: () => {
        toast({ title: 'Endpoint Deleted', description: `Nothing more is sent to ${endpoint.url}.` });
        onDeleted();
      },
      onError: (error) => {
        cancel();
        reportFailure(error, 'Failed to delete the endpoint.');
      },
    });

  const doneWithSecret = () => {
    setRolled(null);
    askedBy.current.roll?.focus();
  };

  return (
    <li className="webhook" aria-labelledby={`${id}-url`}>
      <div className="webhook__head">
        <h3 id={`${id}-url`} className="webhook__url">
          {endpoint.url}
        </h3>
        {disabled ? (
          <Badge variant="destructive">Disabled</Badge>
        ) : (
          <Badge variant="outline" className="webhook__enabled">
            Enabled
          </Badge>
        )}
      </div>
      {endpoint.description && <p className="webhook__description">{endpoint.description}</p>}
      <dl className="webhook__facts">
        <div className="webhook__fact">
          <dt>Events</dt>
          <dd className="webhook__events">
            {endpoint.events.map((type) => (
              <code key={type} className="webhook__event">
                {type}
              </code>
            ))}
          </dd>
        </div>
        <div className="webhook__fact">
          <dt>Subscriptions</dt>
          <dd>{subscriptionScope(endpoint.subscriptionIds, subscriptions)}</dd>
        </div>
        <div className="webhook__fact">
          <dt>Added</dt>
          <dd>{formatDate(endpoint.createdAt)}</dd>
        </div>
        {endpoint.previousSecretUntil && (
          <div className="webhook__fact">
            <dt>Old secret</dt>
            <dd>Signs until {formatMoment(endpoint.previousSecretUntil)}</dd>
          </div>
        )}
      </dl>
      {disabled && (
        <div className="webhook__disabled">
          <p>
            <strong>Nothing is sent to it.</strong> {asSentence(endpoint.disabledReason ?? 'It was disabled')} Enable it
            once your receiver answers again, then resend what failed from the log.
          </p>
          <Button
            size="sm"
            aria-disabled={enable.isPending || undefined}
            onClick={enable.isPending ? undefined : turnOn}
          >
            {enable.isPending ? 'Enabling...' : 'Enable'}
            {named}
          </Button>
        </div>
      )}
      <div className="webhook__actions">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen(!logOpen)}
        >
          <span aria-hidden="true" className={`webhook__chevron${logOpen ? ' webhook__chevron--open' : ''}`} />
          Deliveries
          {named}
        </Button>
        {/* aria-disabled while it runs: a disabled button would drop the keyboard's focus. */}
        <Button
          ref={testRef}
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-disabled={sendTest.isPending || undefined}
          onClick={sendTest.isPending ? undefined : test}
        >
          {sendTest.isPending ? 'Sending...' : 'Send test event'}
          {named}
        </Button>
        <Button
          ref={(button) => {
            askedBy.current.roll = button;
          }}
          variant="outline"
          size="sm"
          onClick={() => ask('roll')}
        >
          Roll secret{named}
        </Button>
        <Button
          ref={(button) => {
            askedBy.current.delete = button;
          }}
          variant="outline"
          size="sm"
          className="webhook__delete"
          onClick={() => ask('delete')}
        >
          Delete{named}
        </Button>
      </div>

      {asking === 'roll' && (
        <div className="webhook__confirm" role="group" aria-label={`Roll the secret of ${endpoint.url}?`}>
          <p className="webhook__question">
            Roll the secret? Deliveries are signed with the new one at once; give your receiver time to switch.
          </p>
          <div className="webhook__confirm-row">
            <div className="webhook__overlap">
              <Label htmlFor={`${id}-overlap`}>Old secret keeps signing for</Label>
              <Select
                id={`${id}-overlap`}
                value={overlapHours}
                onChange={(event) => setOverlapHours(Number(event.target.value))}
              >
                {OVERLAP_CHOICES.map((choice) => (
                  <option key={choice.hours} value={choice.hours}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            </div>
            <Button ref={cancelRef} variant="outline" size="sm" disabled={roll.isPending} onClick={cancel}>
              Cancel
            </Button>
            <Button size="sm" disabled={roll.isPending} onClick={confirmRoll}>
              {roll.isPending ? 'Rolling...' : 'Roll secret'}
            </Button>
          </div>
        </div>
      )}
      {asking === 'delete' && (
        <div className="webhook__confirm" role="group" aria-label={`Delete ${endpoint.url}?`}>
          <p className="webhook__question">Delete it? Nothing more is sent to it, and its delivery log goes too.</p>
          <div className="webhook__confirm-row">
            <Button ref={cancelRef} variant="outline" size="sm" disabled={remove.isPending} onClick={cancel}>
              Cancel
            </Button>
            <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={confirmDelete}>
              {remove.isPending ? 'Deleting...' : 'Delete endpoint'}
            </Button>
          </div>
        </div>
      )}
      {rolled && (
        <ShownOnceSecret
          key={rolled.secret}
          title={`New signing secret for ${endpoint.url}`}
          label="Signing secret"
          value={rolled.secret}
          pasteHint="Paste it where your receiver keeps its secrets."
          onDone={doneWithSecret}
        >
          {overlapNote(rolled)}
        </ShownOnceSecret>
      )}
      {logOpen && <WebhookDeliveries endpoint={endpoint} id={logId} awaitedEventId={testEventId} />}
    </li>
  );
}
