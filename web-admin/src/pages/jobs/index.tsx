import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { components } from '@web-shared/api-types';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { getJson, messageOf, sendJson } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useCanChangeData } from '@/lib/staff-role';

type QueueCounts = components['schemas']['QueueCountsDto'];
type FailedJob = components['schemas']['FailedJobDto'];

// Live while the page is open: counts move as the worker takes jobs, so they are read every few seconds.
const LIVE_EVERY_MS = 3000;
const queuesKey = ['admin', 'queues'] as const;
const failedKey = (queue: string) => ['admin', 'queues', queue, 'failed'] as const;

function FailedJobs({ queue }: { queue: string }) {
  const notify = useNotify();
  // Retrying and removing jobs are admins' (the server refuses support with 403).
  const canChange = useCanChangeData();
  const client = useQueryClient();
  const failed = useQuery({
    queryKey: failedKey(queue),
    queryFn: () => getJson<FailedJob[]>(`/api/admin/queues/${encodeURIComponent(queue)}/failed`),
    refetchInterval: LIVE_EVERY_MS,
  });
  const act = useMutation({
    mutationFn: ({ job, action }: { job: FailedJob; action: 'retry' | 'remove' }) =>
      action === 'retry'
        ? sendJson('POST', `/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(job.id)}/retry`)
        : sendJson('DELETE', `/api/admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(job.id)}`),
    onSuccess: (_result, { job, action }) => {
      notify.success(action === 'retry' ? 'Job retried' : 'Job removed', `${queue} job ${job.id} (${job.name})`);
      void client.invalidateQueries({ queryKey: queuesKey });
    },
    onError: (error) => notify.error('The job could not be changed', messageOf(error, 'Try again')),
  });

  const columns: TableColumnsType<FailedJob> = [
    { title: 'Job', key: 'job', render: (_, job) => `${job.name} #${job.id}` },
    {
      title: 'Error',
      dataIndex: 'error',
      render: (error: string) => <Typography.Text type="danger">{error || 'no reason recorded'}</Typography.Text>,
    },
    { title: 'Attempts', key: 'attempts', render: (_, job) => `${job.attemptsMade} of ${job.attemptsAllowed}` },
    {
      title: 'Failed at',
      dataIndex: 'failedAt',
      render: (at: string | null) => (at ? new Date(at).toLocaleString() : '—'),
      responsive: ['md'],
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, job) =>
        canChange && (
          <Space wrap>
            <Button size="small" loading={act.isPending} onClick={() => act.mutate({ job, action: 'retry' })}>
              Retry
            </Button>
            <Popconfirm
              title="Remove this job for good?"
              okText="Remove"
              onConfirm={() => act.mutate({ job, action: 'remove' })}
            >
              <Button size="small" danger disabled={act.isPending}>
                Remove
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  if (failed.isError) return <LoadError error={failed.error} fallback="The failed jobs could not be loaded" />;
  return (
    <Table<FailedJob>
      size="small"
      rowKey="id"
      loading={failed.isLoading}
      columns={columns}
      dataSource={failed.data ?? []}
      pagination={false}
      scroll={{ x: true }}
      aria-label={`Failed jobs of ${queue}`}
    />
  );
}

export default function JobsPage() {
  const queues = useQuery({
    queryKey: queuesKey,
    queryFn: () => getJson<QueueCounts[]>('/api/admin/queues'),
    refetchInterval: LIVE_EVERY_MS,
  });
  const [open, setOpen] = useState<string | null>(null);
  const shown = open ?? queues.data?.find((queue) => queue.failed > 0)?.name ?? null;

  const columns: TableColumnsType<QueueCounts> = [
    {
      title: 'Queue',
      dataIndex: 'name',
      // A button as well as the row's click, so a keyboard reaches each queue's failed jobs.
      render: (name: string, queue) => (
        <Space>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(name)}>
            {name}
          </Button>
          {queue.paused && <Tag>paused</Tag>}
        </Space>
      ),
    },
    { title: 'Waiting', dataIndex: 'waiting' },
    { title: 'Active', dataIndex: 'active' },
    {
      title: 'Failed',
      dataIndex: 'failed',
      render: (failed: number) => <Badge count={failed} showZero color={failed > 0 ? 'red' : 'green'} />,
    },
    { title: 'Delayed', dataIndex: 'delayed' },
    { title: 'Completed', dataIndex: 'completed', responsive: ['md'] },
  ];

  return (
    <>
      <PageHeading
        title="Background work"
        subtitle="Every queue, live while this page is open; retry or remove failed jobs"
      />
      {queues.isError ? (
        <LoadError error={queues.error} fallback="The queues could not be loaded" />
      ) : (
        <Table<QueueCounts>
          rowKey="name"
          loading={queues.isLoading}
          columns={columns}
          dataSource={queues.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          aria-label="Queues"
          onRow={(queue) => ({ onClick: () => setOpen(queue.name), style: { cursor: 'pointer' } })}
        />
      )}
      {shown && (
        <Card title={`Failed jobs: ${shown}`} style={{ marginTop: 16 }}>
          <FailedJobs queue={shown} />
        </Card>
      )}
    </>
  );
}
