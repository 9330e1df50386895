import { useState } from 'react';
import { Button, Modal } from 'antd';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useReplaceOrderLink, type AdminSubscription } from './api';
import { countyLabel, customerEmail, customerName } from './subscription-rows';

/** For an order link that has leaked: ends every link to the order and emails its buyer a new one. */
export function ReplaceOrderLinkButton({ subscription }: { subscription: AdminSubscription }) {
  const replace = useReplaceOrderLink();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const buyer = customerEmail(subscription.user);

  const confirm = () =>
    replace.mutate(subscription, {
      onSuccess: (result) => notify.success('Order link replaced', `A new link was emailed to ${result.emailedTo}`),
      onError: (error) => notify.error('Failed to replace the order link', messageOf(error, '') || undefined),
      onSettled: () => setOpen(false),
    });

  return (
    <>
      <Button
        size="small"
        // Begins with the visible text, so that speech control users can say what they see (WCAG 2.5.3).
        aria-label={`New Link: replace the order link of ${countyLabel(subscription.county)} for ${customerName(subscription.user)}`}
        onClick={() => setOpen(true)}
      >
        New Link
      </Button>
      <Modal
        open={open}
        title="Replace this order's link?"
        okText="Replace Link"
        cancelText="Keep Link"
        confirmLoading={replace.isPending}
        onOk={confirm}
        onCancel={() => !replace.isPending && setOpen(false)}
      >
        <p>
          Every link to the order of {countyLabel(subscription.county)} stops working, those in earlier emails included,
          and {buyer} is emailed a new one. Use this when a link has been shared or leaked.
        </p>
      </Modal>
    </>
  );
}
