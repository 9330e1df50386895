import { useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { messageOf } from '@/lib/api';
import { useSplitOwner, type OwnerDecided, type OwnerSpelling } from '../api';
import { mailText, reasonProblem } from '../owner-text';
import { DecisionReason } from './decision-reason';

/**
 * Splits the selected names at mailing addresses off an owner into an owner of their own, once staff say
 * why; every later grouping keeps them apart. The API's refusal (a spelling no longer the owner's) shows here.
 */
export function SplitDialog({
  ownerId,
  ownerName,
  spellings,
  onDone,
  onClose,
}: {
  ownerId: string;
  ownerName: string;
  /** The selected spellings, each sent as its keys. */
  spellings: OwnerSpelling[];
  onDone: (answer: OwnerDecided) => void;
  onClose: () => void;
}) {
  const split = useSplitOwner(ownerId);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reasonProblem(reason);

  const confirm = () => {
    setTried(true);
    if (problem || split.isPending) return;
    split.mutate(
      { mentions: spellings.map(({ nameKey, mailKey }) => ({ nameKey, mailKey })), reason: reason.trim() },
      { onSuccess: onDone },
    );
  };

  return (
    <Modal
      open
      title={`Split ${spellings.length === 1 ? 'one name' : `${spellings.length} names`} off ${ownerName}?`}
      okText="Split Off"
      okButtonProps={{ danger: true }}
      cancelText="Keep Together"
      confirmLoading={split.isPending}
      onOk={confirm}
      onCancel={() => !split.isPending && onClose()}
    >
      <p>These become an owner of their own, and every later grouping keeps them apart from {ownerName}:</p>
      <ul className="owner-split-list" aria-label="Names to split off">
        {spellings.map((s) => (
          <li key={`${s.nameKey}\n${s.mailKey}`}>
            <strong>{s.name}</strong> at {mailText(s.mail)} ({s.parcels.toLocaleString('en-US')}{' '}
            {s.parcels === 1 ? 'parcel' : 'parcels'})
          </li>
        ))}
      </ul>
      <Form layout="vertical">
        <DecisionReason
          id="owner-split-reason"
          value={reason}
          onChange={setReason}
          problem={tried && problem ? problem : null}
        />
      </Form>
      {split.isError && <Alert type="error" showIcon title={messageOf(split.error, 'The split failed')} />}
    </Modal>
  );
}
