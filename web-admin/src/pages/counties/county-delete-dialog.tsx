import { Button, Modal, Typography } from 'antd';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useDeleteCounty, type County } from './api';

/**
 * docs/store-spec.md §2 and §4: the "Are you sure?" confirmation; "Delete County" sends DELETE and the list refetches.
 * The mutation is never reset: a DELETE still in flight when the dialog closes reports its own toast.
 */
export function CountyDeleteDialog(props: { county: County | null; open: boolean; onClose: () => void }) {
  const { county, open, onClose } = props;
  const remove = useDeleteCounty();
  const notify = useNotify();

  const confirm = () => {
    if (!county) return;
    remove.mutate(county.id, {
      onSuccess: () => {
        notify.success('Success', 'County deleted successfully');
        onClose();
      },
      onError: (error) => notify.error('Error', messageOf(error, 'Failed to delete county')),
    });
  };

  return (
    <Modal
      open={open}
      title="Are you sure?"
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="delete" type="primary" danger disabled={remove.isPending} onClick={confirm}>
          Delete County
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        This action cannot be undone. This will permanently delete the county and may affect existing subscriptions.
      </Typography.Paragraph>
    </Modal>
  );
}
