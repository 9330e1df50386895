import { useState } from 'react';
import { Alert, Modal, Radio, Space, Typography } from 'antd';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { usePublishRelease, type QaRow, type Release } from '../api';

type Choice = 'acknowledge' | 'exclude';

/**
 * Publishing asks about each flagged county: publish it anyway (staff have looked at its flags) or
 * leave it out. Nothing is sent until every flagged county has an answer.
 */
export function PublishDialog({
  release,
  rows,
  open,
  onClose,
  onPublished,
}: {
  release: Release;
  rows: readonly QaRow[];
  open: boolean;
  onClose: () => void;
  onPublished: (release: Release) => void;
}) {
  const publish = usePublishRelease(release.id);
  const notify = useNotify();
  const flagged = rows.filter((r) => r.flags.length > 0 && r.status !== 'excluded');
  const checking = rows.filter((r) => r.status === 'checking').length;
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const answered = flagged.every((r) => choices[r.countyId]);

  const submit = () => {
    const of = (choice: Choice) => flagged.filter((r) => choices[r.countyId] === choice).map((r) => r.countyId);
    publish.mutate(
      { exclude: of('exclude'), acknowledge: of('acknowledge') },
      {
        onSuccess: (published) => {
          notify.success(
            'Release published',
            `${published.month}: ${published.counties.toLocaleString('en-US')} counties`,
          );
          onPublished(published);
        },
        onError: (error) => notify.error('Release not published', messageOf(error, 'Please try again')),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={`Publish the ${release.month} release?`}
      okText="Publish"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !answered || checking > 0, loading: publish.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Buyers get these files at once, and County Tracker subscribers are emailed what changed.
      </Typography.Paragraph>
      {checking > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${checking} counties are still being checked`}
          style={{ marginBottom: 12 }}
        />
      )}
      {flagged.length === 0 ? (
        <Typography.Paragraph>No county is flagged.</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph strong>Flagged counties: publish anyway or leave out each one</Typography.Paragraph>
          <Space direction="vertical" style={{ width: '100%' }}>
            {flagged.map((r) => (
              <div key={r.countyId} className="publish-choice" data-county={r.fips}>
                <Typography.Text strong>{`${r.name}, ${r.state}`}</Typography.Text>
                <Typography.Text type="secondary"> — {r.flags.map((f) => f.description).join('; ')}</Typography.Text>
                <div>
                  <Radio.Group
                    value={choices[r.countyId]}
                    onChange={(e) => setChoices((c) => ({ ...c, [r.countyId]: e.target.value as Choice }))}
                    options={[
                      { value: 'acknowledge', label: 'Publish anyway' },
                      { value: 'exclude', label: 'Leave out' },
                    ]}
                  />
                </div>
              </div>
            ))}
          </Space>
        </>
      )}
    </Modal>
  );
}
