import { useState } from 'react';
import { Form, InputNumber, Modal, Select, Space } from 'antd';
import { formatDate } from '@web-shared/format';
import { MOST_EXTENSION } from '@contracts/extensions';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useRequestKey } from '@/lib/request-key';
import { useExtendSubscription, type CustomerSubscription, type ExtensionUnit } from '../api';
import { extendedEnd } from '../customer-figures';

/**
 * Gives a subscription more time after staff see its new end. As for refunds, one key per confirmation
 * of one length: OK pressed twice extends once.
 */
export function ExtendDialog({
  customerId,
  subscription,
  onClose,
}: {
  customerId: string;
  subscription: CustomerSubscription & { expirationDate: string };
  onClose: () => void;
}) {
  const extend = useExtendSubscription(customerId);
  const notify = useNotify();
  const [unit, setUnit] = useState<ExtensionUnit>('months');
  const [count, setCount] = useState<number | null>(1);
  const key = useRequestKey(unit, count);
  const valid = count !== null && Number.isInteger(count) && count >= 1 && count <= MOST_EXTENSION[unit];
  const end = new Date(subscription.expirationDate);
  const newEnd = valid ? extendedEnd(end, unit, count) : null;

  const confirm = () => {
    if (!valid || extend.isPending) return;
    extend.mutate(
      { subscriptionId: subscription.id, unit, count, idempotencyKey: key.current() },
      {
        onSuccess: (result) => {
          key.done();
          notify.success(
            'Subscription Extended',
            result.renewalMoved ? `${result.message}; the renewal charge moved with it.` : result.message,
          );
          onClose();
        },
        onError: (error) => notify.error('Extension Failed', messageOf(error, 'Failed to extend the subscription')),
      },
    );
  };

  return (
    <Modal
      open
      title={`Extend ${subscription.countyName}?`}
      okText="Extend"
      okButtonProps={{ disabled: !valid }}
      cancelText="Keep as Is"
      confirmLoading={extend.isPending}
      onOk={confirm}
      onCancel={() => !extend.isPending && onClose()}
    >
      <p>
        It runs until {formatDate(end)}
        {subscription.autoRenew ? ' and renews then' : ''}. The time added is free: nothing is charged or credited.
      </p>
      <Form layout="vertical">
        <Form.Item
          label="Extend by"
          htmlFor="extend-count"
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : `1 to ${MOST_EXTENSION[unit]} ${unit}`}
        >
          <Space.Compact>
            <InputNumber
              id="extend-count"
              aria-label="How many"
              min={1}
              max={MOST_EXTENSION[unit]}
              precision={0}
              value={count}
              onChange={(value) => setCount(typeof value === 'number' ? value : null)}
              onPressEnter={confirm}
            />
            <Select<ExtensionUnit>
              aria-label="Unit"
              value={unit}
              onChange={setUnit}
              options={[
                { value: 'months', label: 'months' },
                { value: 'days', label: 'days' },
              ]}
              style={{ width: 110 }}
            />
          </Space.Compact>
        </Form.Item>
      </Form>
      {newEnd && (
        <p>
          New end{subscription.autoRenew ? ' and renewal date' : ''}: <strong>{formatDate(newEnd)}</strong>
        </p>
      )}
    </Modal>
  );
}
