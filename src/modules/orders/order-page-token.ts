import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The order page links of receipts sent before links were stored: the order id and a MAC over
 * it. They still open their order until staff rotate its links. The key is derived for this
 * use only.
 */
export class DerivedOrderPageTokens {
  /** The current secret's key issues; a previous secret's still opens the links it made. */
  private readonly keys: Buffer[];

  constructor(secrets: string | readonly string[]) {
    this.keys = [secrets]
      .flat()
      .map((secret) => createHmac('sha256', secret).update('county-data-store order pages').digest());
  }

  private mac(orderId: string, key = this.keys[0]): string {
    return createHmac('sha256', key).update(orderId).digest('base64url');
  }

  issue(orderId: string): string {
    return `${orderId}.${this.mac(orderId)}`;
  }

  /** The order id the token names, or null when the token is not one of ours. */
  orderIdOf(token: string): string | null {
    const [orderId, mac, extra] = token.split('.');
    if (!orderId || !mac || extra !== undefined || !UUID.test(orderId)) return null;
    const given = Buffer.from(mac);
    const ours = this.keys.some((key) => {
      const expected = Buffer.from(this.mac(orderId, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    return ours ? orderId : null;
  }
}
