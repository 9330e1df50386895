import { Injectable } from '@nestjs/common';
import { FUNNEL_STEPS } from '../../contracts/journey';
import { JourneyTotalsRepository } from './journey-totals.repository';

export interface FunnelStep {
  event: string;
  count: number;
  rate: number;
}

export interface JourneyFigureSet {
  uniqueVisitors: number;
  funnel: FunnelStep[];
  conversionRate: number;
  eventCounts: { event: string; count: number }[];
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The visitors' figures as docs/architecture.md defines them: the conversion funnel (visitors at each step
 * as a share of those who landed), the conversion rate, and how often each step's event was sent.
 */
@Injectable()
export class JourneyFigures {
  constructor(private readonly totals: JourneyTotalsRepository) {}

  /** From the rollup totals (exact, as of the last rollup run), never from the raw events. */
  async read(): Promise<JourneyFigureSet> {
    const totals = await this.totals.read();
    const byEvent = new Map(totals.byEvent.map((row) => [row.event, row]));
    const landing = byEvent.get('landing_view')?.visitors ?? 0;
    const funnel: FunnelStep[] = FUNNEL_STEPS.map((event) => {
      const count = byEvent.get(event)?.visitors ?? 0;
      return { event, count, rate: landing ? oneDecimal((count / landing) * 100) : 0 };
    });
    const { uniqueVisitors } = totals;
    const paid = byEvent.get('payment_success')?.visitors ?? 0;
    return {
      uniqueVisitors,
      funnel,
      conversionRate: uniqueVisitors ? oneDecimal((paid / uniqueVisitors) * 100) : 0,
      eventCounts: FUNNEL_STEPS.map((event) => ({ event, count: byEvent.get(event)?.events ?? 0 })),
    };
  }
}
