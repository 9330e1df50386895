import { useState } from 'react';
import { Button, Card, Form, Input, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useCreateRelease, useReleases, type Release } from './api';
import { useCanChangeData } from '@/lib/staff-role';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const nextMonth = () => {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
};

/** The monthly releases with their state; staff start a month's draft here. */
export default function ReleasesPage() {
  const releases = useReleases();
  const create = useCreateRelease();
  const canChange = useCanChangeData();
  const notify = useNotify();
  const navigate = useNavigate();
  const [month, setMonth] = useState(nextMonth);

  const columns: TableColumnsType<Release> = [
    {
      title: 'Month',
      dataIndex: 'month',
      // Stays in view while a narrow window scrolls the table sideways.
      fixed: 'left',
      render: (m: string, r) => <Link to={`/admin/releases/${r.id}`}>{m}</Link>,
    },
    {
      title: 'State',
      dataIndex: 'status',
      render: (s: Release['status']) => (
        <Tag color={s === 'published' ? 'green' : 'blue'}>{s === 'published' ? 'Published' : 'Draft'}</Tag>
      ),
    },
    { title: 'Counties', dataIndex: 'counties', align: 'right', render: (v: number) => v.toLocaleString('en-US') },
    { title: 'Records', dataIndex: 'records', align: 'right', render: (v: number) => v.toLocaleString('en-US') },
    { title: 'Created', dataIndex: 'createdAt', render: (v: string) => v.slice(0, 10) },
    { title: 'Published', dataIndex: 'publishedAt', render: (v: string | null) => v?.slice(0, 10) ?? '—' },
  ];

  const submit = () =>
    create.mutate(month, {
      onSuccess: (release) => {
        notify.success(
          'Draft created',
          release.publishableFrom
            ? `The ${release.month} release is a draft; it can be published from ${release.publishableFrom} (UTC)`
            : `The ${release.month} release is a draft until you publish it`,
        );
        void navigate(`/admin/releases/${release.id}`);
      },
      onError: (error) => notify.error('Draft not created', messageOf(error, 'Please try again')),
    });

  return (
    <>
      <PageHeading title="Releases" subtitle="Monthly data releases: drafts are checked, then published" />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="inline" onFinish={submit}>
          <Form.Item label="Month" validateStatus={MONTH.test(month) ? undefined : 'error'}>
            <Input
              value={month}
              onChange={(e) => setMonth(e.target.value.trim())}
              placeholder="YYYY-MM"
              aria-label="Month"
              style={{ width: 120 }}
            />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={create.isPending}
              disabled={!canChange || !MONTH.test(month)}
            >
              Create draft
            </Button>
            {!canChange && <Typography.Text type="secondary">Creating a release needs the admin role</Typography.Text>}
          </Space>
        </Form>
      </Card>
      {releases.isError ? (
        <LoadError error={releases.error} fallback="Releases did not load" />
      ) : releases.isPending ? (
        <Skeleton active />
      ) : (
        <Table
          rowKey="id"
          size="small"
          aria-label="Releases"
          scroll={{ x: 'max-content' }}
          dataSource={releases.data}
          columns={columns}
        />
      )}
    </>
  );
}
