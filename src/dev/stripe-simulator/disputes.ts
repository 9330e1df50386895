import { invalidRequest, Json, newId, now, previousAttributes, SimulatorContext, clone } from './simulator-core';

const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
];

/** Seven days to answer, as Stripe gives for most card networks. */
const EVIDENCE_WINDOW_S = 7 * 86400;

/**
 * Disputes (chargebacks). Stripe opens them when a cardholder disputes a charge and closes them when
 * the card network decides; neither is an API call, so tests drive both through the simulator's own
 * controls. Objects and events follow Stripe's: `charge.dispute.created` (with `funds_withdrawn`),
 * then `charge.dispute.closed` (with `funds_reinstated` when won).
 */
export class Disputes {
  constructor(private readonly sim: SimulatorContext) {}

  open(chargeId: string, reason: string): Json {
    const charge = this.sim.find('charge', chargeId, 'charge');
    if (charge.disputed) throw invalidRequest(`Charge ${charge.id} is already disputed.`);
    const created = now();
    const dispute = this.sim.save({
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      balance_transactions: [],
      charge: charge.id,
      created,
      currency: charge.currency,
      enhanced_eligibility_types: [],
      evidence: { ...Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])), enhanced_evidence: {} },
      evidence_details: {
        due_by: created + EVIDENCE_WINDOW_S,
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      payment_method_details: {
        card: { brand: 'visa', case_type: 'chargeback', network_reason_code: '10.4' },
        type: 'card',
      },
      reason,
      status: 'needs_response',
    });
    charge.disputed = true;
    this.sim.emit('charge.dispute.created', dispute);
    this.sim.emit('charge.dispute.funds_withdrawn', dispute);
    return dispute;
  }

  close(disputeId: string, outcome: 'won' | 'lost'): Json {
    if (outcome !== 'won' && outcome !== 'lost') throw invalidRequest(`Invalid outcome: must be won or lost`);
    const dispute = this.sim.find('dispute', disputeId, 'dispute');
    if (dispute.status === 'won' || dispute.status === 'lost')
      throw invalidRequest(`Dispute ${dispute.id} is already closed (${dispute.status}).`);
    const before = clone(dispute);
    dispute.status = outcome;
    dispute.is_charge_refundable = false;
    if (outcome === 'won') this.sim.emit('charge.dispute.funds_reinstated', dispute);
    this.sim.emit('charge.dispute.closed', dispute, previousAttributes(before, dispute));
    return dispute;
  }
}
