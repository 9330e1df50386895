import { Button, Form, Input, Modal, Typography, type FormRule } from 'antd';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useUpdateCounty, type County } from './api';
import {
  countyPayload,
  formValuesOf,
  MAX_TEXT,
  nameError,
  populationError,
  stateCodeError,
  stateError,
  type CountyFormValues,
} from './county-form';

const FORM_ID = 'county-edit-form';

// antd runs these on change and on submit; the checks themselves live in county-form.ts.
const check =
  (error: (value: string | undefined) => string | null): FormRule =>
  () => ({
    validator: (_rule, value: string | undefined) => {
      const message = error(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

/**
 * docs/store-spec.md §2 and §4: "Edit County", prefilled with the county; "Save Changes" sends PUT and, once it succeeds,
 * closes and the list refetches. A refusal keeps the dialog open with the server's reason in a toast.
 * The mutation is never reset: a save still in flight when the dialog closes reports its own toast.
 */
export function CountyEditDialog(props: { county: County | null; open: boolean; onClose: () => void }) {
  // `county` stays set while the dialog fades out after closing, so its form does not empty in view.
  const { county, open, onClose } = props;
  const update = useUpdateCounty();
  const notify = useNotify();

  const save = (values: CountyFormValues) => {
    if (!county) return;
    update.mutate(
      { id: county.id, payload: countyPayload(values) },
      {
        onSuccess: () => {
          notify.success('Success', 'County updated successfully');
          onClose();
        },
        onError: (error) => notify.error('Error', messageOf(error, 'Failed to update county')),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Edit County"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        // Outside the form in the footer, yet its submit button: Enter in a field saves too.
        <Button key="save" type="primary" htmlType="submit" form={FORM_ID} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">Update the county information below</Typography.Paragraph>
      {county && (
        <Form
          key={county.id}
          id={FORM_ID}
          layout="vertical"
          requiredMark={false}
          initialValues={formValuesOf(county)}
          onFinish={save}
          disabled={update.isPending}
        >
          <Form.Item label="County Name" name="name" rules={[check(nameError)]}>
            <Input maxLength={MAX_TEXT} autoComplete="off" />
          </Form.Item>
          <Form.Item label="State" name="state" rules={[check(stateError)]}>
            <Input maxLength={MAX_TEXT} autoComplete="off" />
          </Form.Item>
          <Form.Item label="State Code" name="stateCode" rules={[check(stateCodeError)]}>
            <Input maxLength={2} autoComplete="off" style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item label="Population" name="population" rules={[check(populationError)]} extra="Optional">
            <Input inputMode="numeric" autoComplete="off" placeholder="Unknown" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
