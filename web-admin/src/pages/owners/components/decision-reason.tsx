import { Form, Input } from 'antd';
import { MAX_REASON_LENGTH } from '../owner-text';

/** The reason staff give for a split or a merge: required, kept with the decision and shown on the owner's page. */
export function DecisionReason({
  id,
  value,
  onChange,
  problem,
}: {
  id: string;
  value: string;
  onChange: (reason: string) => void;
  /** What is wrong with the reason, once staff tried to save it (null: nothing, or not tried yet). */
  problem: string | null;
}) {
  return (
    <Form.Item
      label="Reason"
      htmlFor={id}
      required
      validateStatus={problem ? 'error' : undefined}
      help={problem ?? 'Kept with the decision and shown on the owner’s page'}
    >
      <Input.TextArea
        id={id}
        rows={3}
        maxLength={MAX_REASON_LENGTH}
        showCount
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  );
}
