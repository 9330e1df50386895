import { useEffect, useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { messageOf } from '@/lib/api';
import { SEARCH_DELAY_MS } from '@/lib/server-table';
import { useMergeOwner, useOwnerSearch, type OwnerDecided, type OwnerRow } from '../api';
import { kindLabel, MIN_SEARCH_LENGTH, ownerSearchText, reasonProblem } from '../owner-text';
import { DecisionReason } from './decision-reason';

const optionLabel = (owner: OwnerRow) =>
  `${owner.name} (${kindLabel(owner.kind)}, ${owner.parcels.toLocaleString('en-US')} ${
    owner.parcels === 1 ? 'parcel' : 'parcels'
  } in ${owner.counties} ${owner.counties === 1 ? 'county' : 'counties'})`;

/**
 * Makes an owner part of another that staff find by name: the other's id stays, and every later grouping
 * keeps the two one.
 */
export function MergeDialog({
  ownerId,
  ownerName,
  onDone,
  onClose,
}: {
  ownerId: string;
  ownerName: string;
  onDone: (answer: OwnerDecided) => void;
  onClose: () => void;
}) {
  const merge = useMergeOwner(ownerId);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState<string | null>(null);
  const [into, setInto] = useState<OwnerRow | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const found = useOwnerSearch(name);
  const problem = into ? reasonProblem(reason) : 'Choose the owner to merge into';

  // One search per pause in typing, not per key.
  useEffect(() => {
    const timer = setTimeout(() => setName(ownerSearchText(typed)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const others = (found.data?.owners ?? []).filter((owner) => owner.id !== ownerId);
  const options = (into && !others.some((o) => o.id === into.id) ? [into, ...others] : others).map((owner) => ({
    value: owner.id,
    label: optionLabel(owner),
    owner,
  }));

  const confirm = () => {
    setTried(true);
    if (problem || !into || merge.isPending) return;
    merge.mutate({ intoOwnerId: into.id, reason: reason.trim() }, { onSuccess: onDone });
  };

  return (
    <Modal
      open
      title={`Merge ${ownerName} into another owner?`}
      okText="Merge"
      okButtonProps={{ danger: true }}
      cancelText="Keep Apart"
      confirmLoading={merge.isPending}
      onOk={confirm}
      onCancel={() => !merge.isPending && onClose()}
    >
      <p>
        Every name of {ownerName} becomes part of the owner you choose, which keeps its id; every later grouping keeps
        the two one.
      </p>
      <Form layout="vertical">
        <Form.Item
          label="Owner to merge into"
          htmlFor="owner-merge-into"
          required
          validateStatus={tried && !into ? 'error' : undefined}
          help={
            tried && !into
              ? 'Choose the owner to merge into'
              : `Type at least ${MIN_SEARCH_LENGTH} characters of its name, then choose it`
          }
        >
          <Select
            id="owner-merge-into"
            className="owner-merge-pick"
            placeholder="Search owners by name..."
            value={into?.id}
            options={options}
            loading={found.isFetching}
            notFoundContent={
              name === null ? null : found.isFetching ? 'Searching…' : found.isError ? 'The search failed' : 'No owner'
            }
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            onChange={(_, option) => {
              setInto(option && !Array.isArray(option) ? option.owner : null);
              setTyped('');
            }}
          />
        </Form.Item>
        <DecisionReason
          id="owner-merge-reason"
          value={reason}
          onChange={setReason}
          problem={tried && into && problem ? problem : null}
        />
      </Form>
      {merge.isError && <Alert type="error" showIcon title={messageOf(merge.error, 'The merge failed')} />}
    </Modal>
  );
}
