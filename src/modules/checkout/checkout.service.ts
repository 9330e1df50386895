import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { normalizeEmail } from '../../common/email';
import { planFor } from '../../contracts/plans';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountiesRepository } from '../counties';
import { UsersRepository } from '../users';
import { CartItemDto, CreatePaymentIntentDto, PaymentIntentCreatedDto } from './dto/create-payment-intent.dto';
import { OrderLine, OrdersRepository } from '../orders';

const LISTED = 5;

function listed(names: string[]): string {
  return names.length > LISTED
    ? `${names.slice(0, LISTED).join('; ')} and ${names.length - LISTED} more`
    : names.join('; ');
}

@Injectable()
export class CheckoutService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly counties: CountiesRepository,
    private readonly orders: OrdersRepository,
    private readonly users: UsersRepository,
    private readonly stripe: StripeGateway,
  ) {}

  /** Prices the cart on the server, records a pending order and opens a Stripe payment for it. */
  async createPaymentIntent(dto: CreatePaymentIntentDto): Promise<PaymentIntentCreatedDto> {
    const email = normalizeEmail(dto.email);
    const lines = await this.priceCart(dto.items);
    const customerId =
      (await this.users.stripeCustomerIdFor(this.db.manager, email)) ?? (await this.stripe.findOrCreateCustomer(email));
    const order = await this.orders.createPending(
      { email, companyName: dto.companyName ?? null, taxId: dto.taxId ?? null },
      customerId,
      lines,
    );
    const count = lines.length;
    const intent = await this.stripe.createPaymentIntent({
      orderId: order.id,
      amountCents: order.amountCents,
      customerId,
      email,
      description: `County Data Store: ${count} ${count === 1 ? 'county' : 'counties'}`,
      saveCardForRenewals: lines.some((line) => line.purchaseType === 'annual'),
    });
    await this.orders.attachPaymentIntent(order.id, intent.id);
    return { clientSecret: intent.clientSecret, orderId: order.id, amount: order.amountCents / 100 };
  }

  /** Each county once, each on sale, each at its plan's price. */
  private async priceCart(items: CartItemDto[]): Promise<OrderLine[]> {
    const available = await this.counties.findAvailable([...new Set(items.map((i) => i.countyId))]);
    const missing = [...new Set(items.map((i) => i.countyId).filter((id) => !available.has(id)))];
    if (missing.length > 0) {
      throw new BadRequestException(
        `${missing.length === 1 ? 'A county in your cart is' : `${missing.length} counties in your cart are`} no longer available; remove ${missing.length === 1 ? 'it' : 'them'} and try again (${listed(missing)})`,
      );
    }
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const item of items) (seen.has(item.countyId) ? repeated : seen).add(item.countyId);
    if (repeated.size > 0) {
      const names = [...repeated].map((id) => `${available.get(id)!.name}, ${available.get(id)!.state}`);
      throw new BadRequestException(`Each county can be in the cart only once: ${listed(names)}`);
    }
    return items.map((item) => ({
      countyId: item.countyId,
      purchaseType: item.purchaseType,
      amountCents: planFor(item.purchaseType).priceCents,
    }));
  }
}
