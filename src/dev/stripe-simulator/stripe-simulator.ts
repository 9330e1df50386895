import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Billing } from './billing';
import { Disputes } from './disputes';
import { decodeForm } from './form-body';
import { OperationSchema, ParameterError, validateRequest } from './request-validator';
import {
  Auth,
  Call,
  ChargeOutcome,
  ChargeRequest,
  clone,
  inRange,
  invalidRequest,
  Json,
  newId,
  noSuch,
  now,
  Route,
  SimulatorContext,
  StripeApiError,
} from './simulator-core';
import schema from './stripe-request-schema.json';
import { CardOutcome, luhnValid, TEST_PAYMENT_METHODS, testCard } from './test-cards';

export { StripeApiError } from './simulator-core';

/** The Stripe API version the simulator answers as: the one the SDK in use pins. */
const API_VERSION = '2026-10-28.endive';
const operations = schema.operations as unknown as Record<string, OperationSchema>;

export interface SimulatorKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface SimulatorOptions {
  keys?: Partial<SimulatorKeys>;
  /** Delays between webhook delivery attempts, in ms (Stripe retries for days; locally, briefly). */
  retryDelaysMs?: number[];
}

/**
 * A Stripe-compatible API server for local use and tests: the real `stripe`
 * SDK talks to it over HTTP. Every request is checked against the parameters
 * Stripe's published API accepts; objects follow Stripe's shapes and test
 * cards; events are signed and delivered to a webhook endpoint like Stripe's.
 */
export class StripeSimulator {
  readonly keys: SimulatorKeys;
  private readonly server: Server;
  private readonly objects = new Map<string, Json>();
  /** Card numbers behind PaymentMethods; never part of a returned object. */
  private readonly cardNumbers = new Map<string, string>();
  private readonly events: Json[] = [];
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: Json }>();
  private readonly deliveries = new Set<Promise<void>>();
  private readonly billing: Billing;
  private readonly disputes: Disputes;
  private readonly routes: Route[];
  /** The simulator's own controls, not Stripe's API (so not in its schema). */
  private readonly ownRoutes: Route[];
  private readonly retryDelaysMs: number[];
  private webhookUrl: string | undefined;

  private constructor(options: SimulatorOptions) {
    this.keys = {
      secretKey: options.keys?.secretKey ?? `sk_test_sim_${randomBytes(16).toString('hex')}`,
      publishableKey: options.keys?.publishableKey ?? `pk_test_sim_${randomBytes(16).toString('hex')}`,
      webhookSecret: options.keys?.webhookSecret ?? `whsec_sim_${randomBytes(16).toString('hex')}`,
    };
    this.retryDelaysMs = options.retryDelaysMs ?? [200, 1000, 5000];
    this.billing = new Billing(this.context());
    this.disputes = new Disputes(this.context());
    this.routes = [...this.defineRoutes(), ...this.billing.routes()];
    this.ownRoutes = this.defineOwnRoutes();
    this.server = createServer((req, res) => void this.serve(req, res));
  }

  static async start(options: SimulatorOptions = {}): Promise<StripeSimulator> {
    const simulator = new StripeSimulator(options);
    await new Promise<void>((resolve) => simulator.server.listen(0, '127.0.0.1', resolve));
    // A stand-in must never be what keeps a process alive.
    simulator.server.unref();
    return simulator;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Where events are POSTed from now on, signed with the webhook secret. */
  deliverWebhooksTo(url: string | undefined): void {
    this.webhookUrl = url;
  }

  /** Runs work while no webhook is delivered (events are still recorded), as when an endpoint is down. */
  async withoutWebhooks<T>(work: () => Promise<T>): Promise<T> {
    const target = this.webhookUrl;
    this.webhookUrl = undefined;
    try {
      return await work();
    } finally {
      this.webhookUrl = target;
    }
  }

  /** Resolves once every webhook delivery under way has finished (tests use it). */
  async flushWebhooks(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries]);
  }

  async stop(): Promise<void> {
    this.webhookUrl = undefined;
    await this.flushWebhooks();
    // Clients keep their connections alive (the SDK does): close them too, rather than wait them out.
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  /**
   * Moves a subscription to the end of its current period, as a Stripe test
   * clock would: it renews (invoice, off-session charge of its card) or, when
   * set to cancel at period end, ends. Returns the subscription.
   */
  advanceSubscription(subscriptionId: string): Json {
    return clone(this.billing.advance(subscriptionId));
  }

  /**
   * The cardholder disputes a charge (what Stripe's test card 4000 0000 0000 0259 does after a
   * payment): a `needs_response` dispute of its whole amount. Returns the dispute.
   */
  openDispute(chargeId: string, reason = 'fraudulent'): Json {
    return clone(this.disputes.open(chargeId, reason));
  }

  /** The card network decides a dispute, as Stripe's dashboard shows it after the evidence. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Json {
    return clone(this.disputes.close(disputeId, outcome));
  }

  /** A Stripe-Signature header for a payload, as Stripe computes it. */
  signature(payload: string, timestamp = now()): string {
    const digest = createHmac('sha256', this.keys.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${digest}`;
  }

  // ---------------------------------------------------------------- HTTP

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://simulator');
    let status = 200;
    let body: Json;
    try {
      body = this.dispatch(req, url, Buffer.concat(chunks).toString('utf8'));
    } catch (error) {
      if (error instanceof StripeApiError) {
        status = error.status;
        body = { error: error.error };
      } else {
        status = 500;
        body = { error: { type: 'api_error', message: (error as Error).message } };
      }
    }
    const json = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(json),
      'Request-Id': newId('req'),
      'Stripe-Version': API_VERSION,
    });
    res.end(json);
  }

  private dispatch(req: IncomingMessage, url: URL, rawBody: string): Json {
    const method = req.method ?? 'GET';
    const own = this.ownRoutes.find((r) => r.method === method && this.matchPath(r.path, url.pathname));
    if (own) {
      const auth = own.open ? 'none' : this.authenticate(req.headers.authorization);
      this.permit(own, auth);
      const form = { query: decodeForm(url.search.slice(1)), body: decodeForm(rawBody) };
      return clone(own.handle({ params: this.matchPath(own.path, url.pathname)!, ...form, auth }));
    }
    const auth = this.authenticate(req.headers.authorization);
    const route = this.routes.find((r) => r.method === method && this.matchPath(r.path, url.pathname));
    if (!route) {
      const known = Object.keys(operations).some((key) => {
        const [m, p] = key.split(' ');
        return m === method && this.matchPath(p, url.pathname);
      });
      throw new StripeApiError(known ? 501 : 404, {
        type: 'invalid_request_error',
        message: known
          ? `The Stripe simulator does not implement ${method} ${url.pathname}`
          : `Unrecognized request URL (${method}: ${url.pathname}).`,
      });
    }
    this.permit(route, auth);
    let validated: { query: Json; body: Json };
    try {
      validated = validateRequest(
        operations[`${route.method} ${route.path}`],
        decodeForm(url.search.slice(1)),
        decodeForm(rawBody),
      );
    } catch (error) {
      if (!(error instanceof ParameterError)) throw error;
      throw invalidRequest(error.message, { param: error.param, code: error.code });
    }
    const call: Call = { params: this.matchPath(route.path, url.pathname)!, ...validated, auth };
    const key = req.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string')
      return this.idempotent(key, `${method} ${url.pathname} ${rawBody}`, () => this.run(route, call));
    return this.run(route, call);
  }

  private run(route: Route, call: Call): Json {
    const result = route.handle(call);
    const expand = (call.body.expand ?? call.query.expand ?? []) as string[];
    return this.expand(clone(result), expand);
  }

  /** Same key and same request: the first answer again. Same key, other request: refused. */
  private idempotent(key: string, request: string, run: () => Json): Json {
    const fingerprint = createHash('sha256').update(request).digest('hex');
    const seen = this.idempotency.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (seen.status !== 200) throw new StripeApiError(seen.status, seen.body.error);
      return clone(seen.body);
    }
    try {
      const body = run();
      this.idempotency.set(key, { fingerprint, status: 200, body: clone(body) });
      return body;
    } catch (error) {
      if (error instanceof StripeApiError && error.status !== 500) {
        this.idempotency.set(key, { fingerprint, status: error.status, body: { error: error.error } });
      }
      throw error;
    }
  }

  private permit(route: Route, auth: Auth): void {
    if (auth === 'publishable' && !route.publishable) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
  }

  private authenticate(header: string | undefined): Auth {
    const key = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (key === this.keys.secretKey) return 'secret';
    if (key === this.keys.publishableKey) return 'publishable';
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: key ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}` : 'You did not provide an API key.',
    });
  }

  private matchPath(pattern: string, path: string): string[] | undefined {
    const regex = new RegExp(`^${pattern.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    return regex.exec(path)?.slice(1).map(decodeURIComponent);
  }

  private expand(value: Json, paths: string[]): Json {
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (head === 'data' && Array.isArray(value.data)) {
        value.data = value.data.map((item: Json) => this.expand(item, [rest.join('.')]));
      } else if (typeof value[head] === 'string' && this.objects.has(value[head])) {
        value[head] = this.expand(clone(this.objects.get(value[head])!), rest.length ? [rest.join('.')] : []);
      }
    }
    return value;
  }

  // ---------------------------------------------------------------- objects

  private context(): SimulatorContext {
    return {
      url: () => this.url,
      save: (object) => this.save(object),
      find: (kind, id, param) => this.find(kind, id, param),
      all: (kind) => this.all(kind),
      list: (kind, url, filter, query) => this.list(kind, url, filter, query),
      emit: (type, object, previous) => this.emit(type, object, previous),
      paymentMethod: (id, param) => this.paymentMethod(id, param),
      chargeOffSession: (charge) => this.chargeOffSession(charge),
    };
  }

  private save<T extends Json>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  private find(kind: string, id: string, param: string): Json {
    const object = this.objects.get(id);
    if (!object || object.object !== kind) throw noSuch(kind, id, param);
    return object;
  }

  /** Oldest first. */
  private all(kind: string): Json[] {
    return [...this.objects.values()].filter((o) => o.object === kind);
  }

  /** Newest first, paged like Stripe's lists with `limit` and `starting_after`. */
  private list(kind: string, url: string, filter: (o: Json) => boolean, query: Json): Json {
    const limit: number = query.limit ?? 10;
    let all = this.all(kind).filter(filter).reverse();
    if (query.starting_after) all = all.slice(all.findIndex((o) => o.id === query.starting_after) + 1);
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url };
  }

  private emit(type: string, object: Json, previous?: Json): void {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: clone(object), ...(previous && { previous_attributes: clone(previous) }) },
      livemode: false,
      pending_webhooks: this.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    this.objects.set(event.id, event);
    if (this.webhookUrl) this.deliver(this.webhookUrl, JSON.stringify(event));
  }

  private deliver(url: string, payload: string): void {
    const attempt = async () => {
      for (let i = 0; ; i++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Stripe-Signature': this.signature(payload) },
            body: payload,
          });
          if (res.ok) return;
        } catch {
          // Unreachable endpoint: retried like any failed delivery.
        }
        if (i >= this.retryDelaysMs.length) return;
        await new Promise((resolve) => setTimeout(resolve, this.retryDelaysMs[i]));
      }
    };
    const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(attempt);
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  // ---------------------------------------------------------------- cards and payments

  private createCardPaymentMethod(card: Json, billing: Json | undefined): Json {
    const number = String(card.number ?? '').replace(/\s/g, '');
    if (!luhnValid(number)) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    const expMonth = Number(card.exp_month);
    const expYear = Number(card.exp_year) < 100 ? 2000 + Number(card.exp_year) : Number(card.exp_year);
    const today = new Date();
    if (!(expMonth >= 1 && expMonth <= 12)) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'exp_month',
      });
    }
    if (
      expYear < today.getUTCFullYear() ||
      (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
    ) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'exp_year',
      });
    }
    const paymentMethod = this.save({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { address: null, email: null, name: null, phone: null, ...(billing ?? {}) },
      card: {
        brand: testCard(number)?.brand ?? 'visa',
        country: 'US',
        exp_month: expMonth,
        exp_year: expYear,
        funding: 'credit',
        last4: number.slice(-4),
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
    });
    this.cardNumbers.set(paymentMethod.id, number);
    return paymentMethod;
  }

  /**
   * A PaymentMethod by id. Stripe's ready-made test ones (pm_card_visa…) give a
   * new PaymentMethod each time they are used, as at Stripe, so one customer's
   * saved card never moves to another who used the same test id.
   */
  private paymentMethod(id: string, param = 'payment_method'): Json {
    const ready = TEST_PAYMENT_METHODS[id];
    if (ready) {
      return this.createCardPaymentMethod(
        { number: ready, exp_month: 12, exp_year: new Date().getUTCFullYear() + 5 },
        undefined,
      );
    }
    return this.find('payment_method', id, param);
  }

  private requireClientSecret(intent: Json, call: Call, param: Json): void {
    if (call.auth === 'publishable' && param.client_secret !== intent.client_secret) {
      throw noSuch('payment_intent', intent.id, 'intent');
    }
  }

  private newIntent(body: Json): Json {
    const id = newId('pi');
    const intent = this.save({
      id,
      object: 'payment_intent',
      amount: body.amount,
      amount_received: 0,
      automatic_payment_methods: body.automatic_payment_methods ?? null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: body.capture_method ?? 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: body.confirmation_method ?? 'automatic',
      created: now(),
      currency: String(body.currency).toLowerCase(),
      customer: body.customer ?? null,
      description: body.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: body.metadata ?? {},
      next_action: null,
      payment_method: body.payment_method ?? null,
      payment_method_types: ['card'],
      receipt_email: body.receipt_email ?? null,
      setup_future_usage: body.setup_future_usage ?? null,
      status: body.payment_method ? 'requires_confirmation' : 'requires_payment_method',
    });
    this.emit('payment_intent.created', intent);
    return intent;
  }

  /** How Billing collects an invoice: a PaymentIntent confirmed off-session with the saved card. */
  private chargeOffSession(charge: ChargeRequest): ChargeOutcome {
    const intent = this.newIntent(charge);
    try {
      return { intent: this.confirmIntent(intent, true) };
    } catch (error) {
      if (error instanceof StripeApiError && error.status === 402) return { intent, error: error.error };
      throw error;
    }
  }

  private confirmIntent(intent: Json, offSession: boolean): Json {
    const number = this.cardNumbers.get(intent.payment_method);
    const outcome: CardOutcome = (number ? testCard(number)?.outcome : undefined) ?? {
      result: 'declines',
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
    if (outcome.result === 'succeeds') return this.succeed(intent);
    if (outcome.result === 'requires_authentication' && !offSession) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          stripe_js: `${this.url}/_simulator/authenticate/${intent.id}`,
        },
      };
      this.emit('payment_intent.requires_action', intent);
      return intent;
    }
    const failure =
      outcome.result === 'declines'
        ? { code: outcome.code, decline_code: outcome.declineCode, message: outcome.message }
        : {
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          };
    return this.fail(intent, failure);
  }

  private succeed(intent: Json): Json {
    const charge = this.save({
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      disputed: false,
      livemode: false,
      metadata: clone(intent.metadata),
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      receipt_email: intent.receipt_email,
      refunded: false,
      status: 'succeeded',
    });
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      next_action: null,
      last_payment_error: null,
    });
    if (intent.setup_future_usage && intent.customer) {
      this.objects.get(intent.payment_method)!.customer = intent.customer;
    }
    this.emit('charge.succeeded', charge);
    this.emit('payment_intent.succeeded', intent);
    return intent;
  }

  private fail(intent: Json, failure: Json): never {
    const error = { type: 'card_error', ...failure, payment_method: clone(this.objects.get(intent.payment_method)) };
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
    this.emit('payment_intent.payment_failed', intent);
    throw new StripeApiError(402, { ...error, payment_intent: clone(intent) });
  }

  /**
   * Not Stripe's API: what the customer does in the 3-D Secure dialog that
   * Stripe.js opens for `requires_action`. The Stripe.js stand-in calls it.
   */
  private completeAuthentication(intentId: string, form: Json): Json {
    const intent = this.find('payment_intent', intentId, 'intent');
    if (form.client_secret !== intent.client_secret) throw noSuch('payment_intent', intentId, 'intent');
    if (intent.status !== 'requires_action') {
      throw invalidRequest(`This PaymentIntent's status is ${intent.status}; there is nothing to authenticate.`, {
        code: 'payment_intent_unexpected_state',
      });
    }
    if (form.outcome === 'succeed') return clone(this.succeed(intent));
    return this.fail(intent, {
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  }

  // ---------------------------------------------------------------- routes

  private defineOwnRoutes(): Route[] {
    return [
      {
        method: 'POST',
        path: '/_simulator/authenticate/{intent}',
        publishable: true,
        handle: ({ params, body }) => this.completeAuthentication(params[0], body),
      },
      {
        method: 'POST',
        path: '/_simulator/subscriptions/{subscription}/advance',
        handle: ({ params }) => this.billing.advance(params[0]),
      },
      {
        method: 'POST',
        path: '/_simulator/charges/{charge}/dispute',
        handle: ({ params, body }) => this.disputes.open(params[0], body.reason ?? 'fraudulent'),
      },
      {
        method: 'POST',
        path: '/_simulator/disputes/{dispute}/close',
        handle: ({ params, body }) => this.disputes.close(params[0], body.outcome),
      },
      {
        method: 'GET',
        path: '/_simulator/invoices/{invoice}',
        open: true,
        handle: ({ params }) => this.billing.hostedInvoice(params[0]),
      },
    ];
  }

  private defineRoutes(): Route[] {
    const editable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    return [
      {
        method: 'POST',
        path: '/v1/customers',
        handle: ({ body }) =>
          this.save({
            id: newId('cus'),
            object: 'customer',
            created: now(),
            description: body.description ?? null,
            email: body.email ?? null,
            invoice_settings: { default_payment_method: body.invoice_settings?.default_payment_method ?? null },
            livemode: false,
            metadata: body.metadata ?? {},
            name: body.name ?? null,
          }),
      },
      {
        method: 'GET',
        path: '/v1/customers',
        handle: ({ query }) =>
          this.list('customer', '/v1/customers', (c) => !query.email || c.email === query.email, query),
      },
      {
        method: 'GET',
        path: '/v1/customers/{customer}',
        handle: ({ params }) => this.find('customer', params[0], 'customer'),
      },
      {
        method: 'POST',
        path: '/v1/customers/{customer}',
        handle: ({ params, body }) => {
          const customer = this.find('customer', params[0], 'customer');
          const { metadata, invoice_settings, expand: _expand, ...rest } = body;
          Object.assign(customer, rest);
          if (metadata) customer.metadata = { ...customer.metadata, ...metadata };
          if (invoice_settings) customer.invoice_settings = { ...customer.invoice_settings, ...invoice_settings };
          this.emit('customer.updated', customer);
          return customer;
        },
      },
      {
        method: 'GET',
        path: '/v1/customers/{customer}/payment_methods',
        handle: ({ params }) => {
          this.find('customer', params[0], 'customer');
          return this.list(
            'payment_method',
            `/v1/customers/${params[0]}/payment_methods`,
            (pm) => pm.customer === params[0],
            {},
          );
        },
      },
      {
        method: 'POST',
        path: '/v1/payment_methods',
        publishable: true,
        handle: ({ body }) => {
          if (body.type !== 'card' || !body.card)
            throw invalidRequest('The simulator accepts card payment methods only.', { param: 'type' });
          return this.createCardPaymentMethod(body.card, body.billing_details);
        },
      },
      {
        method: 'GET',
        path: '/v1/payment_methods/{payment_method}',
        handle: ({ params }) => this.paymentMethod(params[0]),
      },
      {
        method: 'POST',
        path: '/v1/payment_methods/{payment_method}/attach',
        handle: ({ params, body }) => {
          const pm = this.paymentMethod(params[0]);
          this.find('customer', body.customer, 'customer');
          pm.customer = body.customer;
          return pm;
        },
      },
      {
        method: 'POST',
        path: '/v1/payment_intents',
        handle: ({ body }) => {
          if (body.amount < 50)
            throw invalidRequest('Amount must be at least $0.50 usd', { param: 'amount', code: 'amount_too_small' });
          if (body.amount > 99_999_999)
            throw invalidRequest('Amount must be no more than $999,999.99', {
              param: 'amount',
              code: 'amount_too_large',
            });
          if (body.customer) this.find('customer', body.customer, 'customer');
          const intent = this.newIntent({
            ...body,
            payment_method: body.payment_method && this.paymentMethod(body.payment_method).id,
          });
          return body.confirm ? this.confirmIntent(intent, body.off_session === true) : intent;
        },
      },
      {
        method: 'GET',
        path: '/v1/payment_intents',
        handle: ({ query }) =>
          this.list(
            'payment_intent',
            '/v1/payment_intents',
            (pi) => !query.customer || pi.customer === query.customer,
            query,
          ),
      },
      {
        method: 'GET',
        path: '/v1/payment_intents/{intent}',
        publishable: true,
        handle: (call) => {
          const intent = this.find('payment_intent', call.params[0], 'intent');
          this.requireClientSecret(intent, call, call.query);
          return intent;
        },
      },
      {
        method: 'POST',
        path: '/v1/payment_intents/{intent}',
        handle: ({ params, body }) => {
          const intent = this.find('payment_intent', params[0], 'intent');
          if (!editable.includes(intent.status)) {
            throw invalidRequest(`This PaymentIntent's status is ${intent.status} and cannot be updated.`, {
              code: 'payment_intent_unexpected_state',
            });
          }
          const { metadata, expand: _expand, ...rest } = body;
          Object.assign(intent, rest);
          if (metadata) intent.metadata = { ...intent.metadata, ...metadata };
          return intent;
        },
      },
      {
        method: 'POST',
        path: '/v1/payment_intents/{intent}/confirm',
        publishable: true,
        handle: (call) => {
          const { body } = call;
          const intent = this.find('payment_intent', call.params[0], 'intent');
          this.requireClientSecret(intent, call, body);
          if (!editable.includes(intent.status)) {
            throw invalidRequest(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`, {
              code: 'payment_intent_unexpected_state',
              payment_intent: clone(intent),
            });
          }
          // As with Stripe, card details never come with a confirmation: Stripe.js creates a PaymentMethod first.
          if (body.payment_method) {
            intent.payment_method = this.paymentMethod(body.payment_method).id;
          }
          if (!intent.payment_method) {
            throw invalidRequest('You cannot confirm this PaymentIntent because it is missing a payment method.', {
              code: 'payment_intent_unexpected_state',
            });
          }
          if (body.setup_future_usage) intent.setup_future_usage = body.setup_future_usage;
          return this.confirmIntent(intent, body.off_session === true);
        },
      },
      {
        method: 'POST',
        path: '/v1/payment_intents/{intent}/cancel',
        handle: ({ params, body }) => {
          const intent = this.find('payment_intent', params[0], 'intent');
          if (!editable.includes(intent.status)) {
            throw invalidRequest(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
              code: 'payment_intent_unexpected_state',
            });
          }
          Object.assign(intent, {
            status: 'canceled',
            canceled_at: now(),
            cancellation_reason: body.cancellation_reason ?? null,
          });
          this.emit('payment_intent.canceled', intent);
          return intent;
        },
      },
      { method: 'GET', path: '/v1/charges/{charge}', handle: ({ params }) => this.find('charge', params[0], 'charge') },
      {
        method: 'GET',
        path: '/v1/charges',
        handle: ({ query }) =>
          this.list(
            'charge',
            '/v1/charges',
            (c) => !query.payment_intent || c.payment_intent === query.payment_intent,
            query,
          ),
      },
      {
        method: 'POST',
        path: '/v1/refunds',
        handle: ({ body }) => {
          const charge = body.charge
            ? this.find('charge', body.charge, 'charge')
            : this.find(
                'charge',
                this.find('payment_intent', body.payment_intent ?? '', 'payment_intent').latest_charge ?? '',
                'payment_intent',
              );
          const remaining = charge.amount - charge.amount_refunded;
          const amount = body.amount ?? remaining;
          if (remaining === 0)
            throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
          if (amount > remaining) {
            throw invalidRequest(
              `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
              { param: 'amount' },
            );
          }
          const refund = this.save({
            id: newId('re'),
            object: 'refund',
            amount,
            charge: charge.id,
            created: now(),
            currency: charge.currency,
            metadata: body.metadata ?? {},
            payment_intent: charge.payment_intent,
            reason: body.reason ?? null,
            status: 'succeeded',
          });
          charge.amount_refunded += amount;
          charge.refunded = charge.amount_refunded === charge.amount;
          this.emit('refund.created', refund);
          this.emit('charge.refunded', charge);
          return refund;
        },
      },
      { method: 'GET', path: '/v1/refunds/{refund}', handle: ({ params }) => this.find('refund', params[0], 'refund') },
      {
        method: 'GET',
        path: '/v1/refunds',
        handle: ({ query }) =>
          this.list(
            'refund',
            '/v1/refunds',
            (r) =>
              (!query.payment_intent || r.payment_intent === query.payment_intent) &&
              (!query.charge || r.charge === query.charge),
            query,
          ),
      },
      {
        method: 'GET',
        path: '/v1/events',
        handle: ({ query }) => {
          if (query.type && query.types)
            throw invalidRequest('You may only specify one of these parameters: type, types.', {
              code: 'parameters_exclusive',
            });
          // As at Stripe, `*` stands for any rest of a type: `invoice.*`.
          const patterns: string[] = query.types ?? (query.type ? [query.type] : []);
          const matches = (type: string) =>
            patterns.length === 0 ||
            patterns.some((p) => (p.endsWith('*') ? type.startsWith(p.slice(0, -1)) : type === p));
          return this.list('event', '/v1/events', (e) => matches(e.type) && inRange(e.created, query.created), query);
        },
      },
      { method: 'GET', path: '/v1/events/{id}', handle: ({ params }) => this.find('event', params[0], 'id') },
    ];
  }
}
