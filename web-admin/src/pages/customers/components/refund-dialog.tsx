import { useState } from 'react';
import { Form, InputNumber, Modal, Radio } from 'antd';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useRequestKey } from '@/lib/request-key';
import { useRefund, type CustomerOrder } from '../api';
import { dollarsOf, refundCents } from '../customer-figures';

/**
 * Refunds all or part of a paid order through Stripe, after staff see the amount. The key is made once
 * for the confirmation of one amount, so however often OK is pressed the order is refunded once.
 */
export function RefundDialog({
  customerId,
  email,
  order,
  onClose,
}: {
  customerId: string;
  email: string;
  order: CustomerOrder;
  onClose: () => void;
}) {
  const refund = useRefund(customerId);
  const notify = useNotify();
  const [whole, setWhole] = useState(true);
  const [dollars, setDollars] = useState<number | null>(null);
  const cents = whole ? order.refundableCents : refundCents(dollars, order.refundableCents);
  const key = useRequestKey(cents);
  const invalid = typeof cents === 'string';
  const shortId = order.id.slice(0, 8);

  const confirm = () => {
    if (invalid || refund.isPending) return;
    refund.mutate(
      { orderId: order.id, amountCents: cents, idempotencyKey: key.current() },
      {
        onSuccess: (result) => {
          key.done();
          notify.success('Refund Issued', `${result.message}; Stripe confirms it to the ledger and the invoice.`);
          onClose();
        },
        onError: (error) => notify.error('Refund Failed', messageOf(error, 'Failed to refund the order')),
      },
    );
  };

  return (
    <Modal
      open
      title={`Refund order ${shortId}?`}
      okText={invalid ? 'Refund' : `Refund ${dollarsOf(cents)}`}
      okButtonProps={{ danger: true, disabled: invalid }}
      cancelText="Keep Payment"
      confirmLoading={refund.isPending}
      onOk={confirm}
      onCancel={() => !refund.isPending && onClose()}
    >
      <p>
        Paid {dollarsOf(order.amountCents)}
        {order.refundedCents > 0 && `, ${dollarsOf(order.refundedCents)} refunded already`}.{' '}
        {dollarsOf(order.refundableCents)} can still be refunded to {email}&rsquo;s card.
      </p>
      <Form layout="vertical">
        <Form.Item label="How much">
          <Radio.Group value={whole} onChange={(event) => setWhole(event.target.value as boolean)}>
            <Radio value={true}>Everything refundable ({dollarsOf(order.refundableCents)})</Radio>
            <Radio value={false}>Part of it</Radio>
          </Radio.Group>
        </Form.Item>
        {!whole && (
          <Form.Item
            label="Amount in dollars"
            htmlFor="refund-amount"
            validateStatus={dollars !== null && invalid ? 'error' : undefined}
            help={dollars !== null && invalid ? cents : `Up to ${dollarsOf(order.refundableCents)}`}
          >
            <InputNumber
              id="refund-amount"
              prefix="$"
              min={0.01}
              step={1}
              precision={2}
              value={dollars}
              onChange={(value) => setDollars(typeof value === 'number' ? value : null)}
              onPressEnter={confirm}
              style={{ width: '100%' }}
            />
          </Form.Item>
        )}
      </Form>
      {!invalid && (
        <p>
          <strong>{dollarsOf(cents)}</strong> goes back to the customer. This cannot be undone.
        </p>
      )}
    </Modal>
  );
}
