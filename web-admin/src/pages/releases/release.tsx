import { useMemo, useState } from 'react';
import { Button, Result, Skeleton, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { LoadError } from '@/components/load-error';
import { ReleaseUpload } from './components/release-upload';
import { PageHeading } from '@/components/page-heading';
import { useRelease, type QaRow, type Release } from './api';
import { PublishDialog } from './components/publish-dialog';
import { QaDrawer } from './components/qa-drawer';
import { useCanChangeData } from '@/lib/staff-role';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US'));
const byNumber = (key: 'records' | 'added' | 'removed' | 'changed' | 'invalidValueCount') => (a: QaRow, b: QaRow) =>
  (a[key] ?? -1) - (b[key] ?? -1);
/** The lowest fill rate over the key fields: the one worth a look. */
const lowestFill = (row: QaRow) => Math.min(1, ...Object.values(row.fillRates));

const STATUS_COLOUR: Record<QaRow['status'], string> = {
  checking: 'processing',
  ready: 'blue',
  published: 'green',
  excluded: 'default',
};

/** One release's QA table; a row opens the county's details and first records; a draft is published from here. */
export default function ReleasePage() {
  const { id = '' } = useParams();
  const detail = useRelease(id);
  // Uploading and publishing are admins' (the server refuses support with 403).
  const canChange = useCanChangeData();
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [open, setOpen] = useState<QaRow | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState<Release | null>(null);

  const rows = useMemo(
    () => (detail.data?.counties ?? []).filter((r) => !flaggedOnly || r.flags.length > 0),
    [detail.data, flaggedOnly],
  );

  const columns: TableColumnsType<QaRow> = [
    {
      title: 'County',
      dataIndex: 'name',
      // Stays in view while a narrow window scrolls the table sideways.
      fixed: 'left',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)}>
          {name}
        </Button>
      ),
    },
    { title: 'State', dataIndex: 'state', sorter: (a, b) => a.state.localeCompare(b.state) },
    { title: 'Status', dataIndex: 'status', render: (s: QaRow['status']) => <Tag color={STATUS_COLOUR[s]}>{s}</Tag> },
    // Next to the status, before the counts: what staff must answer before publishing stays in view.
    {
      title: 'Flags',
      key: 'flags',
      sorter: (a, b) => a.flags.length - b.flags.length,
      render: (_, row) =>
        row.flags.map((f) => (
          <Tag color="red" key={f.flag} title={f.description}>
            {f.flag}
          </Tag>
        )),
    },
    { title: 'Records', dataIndex: 'records', align: 'right', sorter: byNumber('records'), render: n },
    { title: 'Added', dataIndex: 'added', align: 'right', sorter: byNumber('added'), render: n },
    { title: 'Removed', dataIndex: 'removed', align: 'right', sorter: byNumber('removed'), render: n },
    { title: 'Changed', dataIndex: 'changed', align: 'right', sorter: byNumber('changed'), render: n },
    {
      title: 'Lowest fill',
      key: 'fill',
      align: 'right',
      sorter: (a, b) => lowestFill(a) - lowestFill(b),
      render: (_, row) => `${(lowestFill(row) * 100).toFixed(1)}%`,
    },
    {
      title: 'Invalid',
      dataIndex: 'invalidValueCount',
      align: 'right',
      sorter: byNumber('invalidValueCount'),
      render: n,
    },
  ];

  if (detail.isError) return <LoadError error={detail.error} fallback="The release did not load" />;
  if (detail.isPending) return <Skeleton active />;
  const { release, counties } = detail.data;
  const flagged = counties.filter((r) => r.flags.length > 0).length;

  return (
    <>
      <PageHeading
        title={`Release ${release.month}`}
        subtitle={`${release.status === 'published' ? 'Published' : 'Draft'} · ${n(counties.length)} counties · ${n(flagged)} flagged`}
        extra={
          canChange &&
          release.status === 'draft' && (
            <Space wrap>
              {/* Published means current for buyers, so a month still to come waits for its first day. */}
              {release.publishableFrom && (
                <Typography.Text type="secondary" id="publish-waits">
                  {`Can be published from ${release.publishableFrom} (UTC), when ${release.month} begins`}
                </Typography.Text>
              )}
              <Button
                type="primary"
                onClick={() => setPublishing(true)}
                disabled={counties.length === 0 || release.publishableFrom !== null}
                aria-describedby={release.publishableFrom ? 'publish-waits' : undefined}
              >
                Publish
              </Button>
            </Space>
          )
        }
      />
      {published && (
        <Result
          status="success"
          title={`The ${published.month} release is published`}
          subTitle={`${n(published.counties)} counties, ${n(published.records)} records. Excluded counties stay unpublished.`}
          extra={<Link to="/admin/coverage">See coverage</Link>}
        />
      )}
      {canChange && release.status === 'draft' && <ReleaseUpload releaseId={release.id} />}
      <Space style={{ marginBottom: 12 }}>
        <Switch checked={flaggedOnly} onChange={setFlaggedOnly} aria-label="Flagged only" />
        <Typography.Text>Flagged only</Typography.Text>
        <Link to="/admin/releases">All releases</Link>
      </Space>
      <Table
        rowKey="countyId"
        size="small"
        aria-label="QA"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={columns}
        pagination={{ defaultPageSize: 50, showSizeChanger: true }}
      />
      <QaDrawer releaseId={release.id} row={open} onClose={() => setOpen(null)} />
      <PublishDialog
        release={release}
        rows={counties}
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublished={(r) => {
          setPublishing(false);
          setPublished(r);
        }}
      />
    </>
  );
}
