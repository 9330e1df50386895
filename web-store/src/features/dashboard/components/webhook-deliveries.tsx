import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isUnauthorized } from '@/lib/http';
import { useResendDelivery, useWebhookDeliveries, WebhookDelivery, WebhookEndpoint } from '../api/webhooks';
import {
  canResend,
  deliveryState,
  formatLatency,
  formatLogTime,
  lastResult,
  type Seen,
  settledNews,
  shortenId,
} from '../webhook-display';
import { reportFailure } from './report-failure';

function DeliveryRow({
  delivery,
  resending,
  onResend,
}: {
  delivery: WebhookDelivery;
  resending: boolean;
  onResend: () => void;
}) {
  const state = deliveryState(delivery);
  const result = lastResult(delivery);
  return (
    <tr>
      <td>
        <code className="webhook-log__mono">{delivery.eventType}</code>
      </td>
      <td>
        <code className="webhook-log__mono" title={delivery.eventId}>
          {shortenId(delivery.eventId)}
        </code>
      </td>
      <td>
        <span className={`webhook-state webhook-state--${state.tone}`}>{state.label}</span>
      </td>
      <td className="webhook-log__number">{delivery.attempts}</td>
      <td>
        <span className="webhook-log__status">{result.status}</span>
        {result.detail && <span className="webhook-log__detail">{result.detail}</span>}
      </td>
      <td className="webhook-log__number">{formatLatency(delivery.lastLatencyMs)}</td>
      <td>
        {delivery.lastAttemptAt ? (
          <time dateTime={delivery.lastAttemptAt}>{formatLogTime(delivery.lastAttemptAt)}</time>
        ) : (
          'Not yet'
        )}
        {delivery.state === 'pending' && delivery.nextAttemptAt && (
          <span className="webhook-log__detail">
            Next try <time dateTime={delivery.nextAttemptAt}>{formatLogTime(delivery.nextAttemptAt)}</time>
          </span>
        )}
      </td>
      <td>
        {canResend(delivery) && (
          // aria-disabled rather than disabled while it runs: a disabled button would drop the keyboard's focus.
          <Button
            variant="outline"
            size="sm"
            aria-disabled={resending || undefined}
            onClick={resending ? undefined : onResend}
          >
            {resending ? 'Resending...' : 'Resend'}
            <span className="visually-hidden">
              {' '}
              {delivery.eventType} {delivery.eventId}
            </span>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** An endpoint's delivery log: the last 100 deliveries, newest first, each resendable once settled. */
export function WebhookDeliveries({
  endpoint,
  id,
  awaitedEventId,
}: {
  endpoint: WebhookEndpoint;
  id: string;
  /** The test event just sent, whose outcome is announced however soon it comes. */
  awaitedEventId: string | null;
}) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendDelivery(endpoint.id);
  const [refreshing, setRefreshing] = useState(false);
  const [news, setNews] = useState('');
  const seen = useRef<Seen>(new Map());
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!deliveries.data) return;
    const told = settledNews(seen.current, deliveries.data, awaitedEventId);
    if (told) setNews(told);
    seen.current = new Map(deliveries.data.map((d) => [d.id, { state: d.state, attempts: d.attempts }]));
  }, [deliveries.data, awaitedEventId]);

  const refresh = async () => {
    setRefreshing(true);
    await deliveries.refetch();
    setRefreshing(false);
  };

  const resendOne = (delivery: WebhookDelivery) =>
    resend.mutate(delivery, {
      onSuccess: () => {
        // The row is pending again and loses its Resend button: the keyboard waits at the log's heading.
        titleRef.current?.focus();
        toast({
          title: 'Delivery Resent',
          description: `${delivery.eventType} is on its way again, with the same event id.`,
        });
      },
      onError: (error) => reportFailure(error, 'Failed to resend the delivery.'),
    });

  return (
    <div id={id} className="webhook-log" role="region" aria-labelledby={titleId}>
      <div className="webhook-log__head">
        <h4 id={titleId} ref={titleRef} tabIndex={-1} className="webhook-log__title">
          Deliveries<span className="visually-hidden"> to {endpoint.url}</span>
        </h4>
        <span className="webhook-log__note">The last 100, kept 30 days</span>
        <Button
          variant="outline"
          size="sm"
          className="webhook-log__refresh"
          aria-disabled={refreshing || undefined}
          onClick={refreshing ? undefined : () => void refresh()}
        >
          {refreshing ? 'Refreshing...' : 'Refresh'}
          <span className="visually-hidden"> deliveries</span>
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {news}
      </p>
      {deliveries.isPending ? (
        <p className="webhook-log__empty">Loading deliveries...</p>
      ) : deliveries.isError && !isUnauthorized(deliveries.error) ? (
        <p className="webhook-log__empty" role="alert">
          The deliveries could not be loaded.{' '}
          <Button variant="outline" size="sm" onClick={() => void refresh()}>
            Try again
          </Button>
        </p>
      ) : !deliveries.data || deliveries.data.length === 0 ? (
        <p className="webhook-log__empty">No deliveries yet: send a test event to see one here.</p>
      ) : (
        // A phone scrolls the table inside this box, never the page; the keyboard can scroll it too.
        <div className="data-table-scroll" role="group" aria-labelledby={titleId} tabIndex={0}>
          <table className="data-table webhook-log__table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Event ID</th>
                <th scope="col">State</th>
                <th scope="col" className="webhook-log__number">
                  Attempts
                </th>
                <th scope="col">Response</th>
                <th scope="col" className="webhook-log__number">
                  Latency
                </th>
                <th scope="col">Last attempt</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  resending={resend.isPending && resend.variables?.id === delivery.id}
                  onResend={() => resendOne(delivery)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
