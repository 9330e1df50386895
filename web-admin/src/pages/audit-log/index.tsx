import { useMemo, useState } from 'react';
import { Col, Row, Table, Typography, type TableColumnsType } from 'antd';
import { LoadError } from '../../components/load-error';
import { PageHeading } from '../../components/page-heading';
import { pagination } from '../../lib/table';
import { useAuditLog, useSubscriptionNames, type AuditEntry } from './api';
import { actionLabel, actionsIn, changeSummary, formatDateTime, originLabel, targetLabel } from './audit-entries';
import './audit-log.css';

const byTime = (a: AuditEntry, b: AuditEntry) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt);

function RecordJson({ title, value }: { title: string; value: unknown }) {
  return (
    <Col xs={24} md={12}>
      <Typography.Text strong>{title}</Typography.Text>
      <pre className="audit-json">
        {value === null || value === undefined ? 'none' : JSON.stringify(value, null, 2)}
      </pre>
    </Col>
  );
}

export default function AuditLogPage() {
  const log = useAuditLog();
  const entries = log.data;
  const subscriptions = useSubscriptionNames(!!entries?.some((entry) => entry.targetType === 'subscription'));
  const [actions, setActions] = useState<string[]>([]);

  const subscriptionsById = useMemo(
    () => new Map((subscriptions.data ?? []).map((subscription) => [subscription.id, subscription])),
    [subscriptions.data],
  );
  const actionFilters = useMemo(
    () => actionsIn(entries ?? []).map((action) => ({ text: actionLabel(action), value: action })),
    [entries],
  );

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: 'Time',
      key: 'time',
      sorter: byTime,
      defaultSortOrder: 'descend',
      render: (_, entry) => formatDateTime(entry.occurredAt),
    },
    {
      title: 'Action',
      key: 'action',
      filters: actionFilters,
      filteredValue: actions,
      onFilter: (value, entry) => entry.action === value,
      sorter: (a, b) => actionLabel(a.action).localeCompare(actionLabel(b.action)),
      render: (_, entry) => actionLabel(entry.action),
    },
    // Who and from where: the audit trail names a person, or says the shared password was used.
    { title: 'Who', key: 'actor', render: (_, entry) => entry.actor },
    {
      title: 'From',
      key: 'origin',
      render: (_, entry) => <span className="audit-origin">{originLabel(entry)}</span>,
    },
    { title: 'Target', key: 'target', render: (_, entry) => targetLabel(entry, subscriptionsById) },
    {
      title: 'Changes',
      key: 'changes',
      render: (_, entry) => (
        <ul className="audit-changes">
          {changeSummary(entry).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Audit Log"
        subtitle="Every change staff made, newest first, with every staff sign-in and sign-out"
      />
      {log.isError && <LoadError error={log.error} fallback="Failed to load the audit log" />}
      <Table<AuditEntry>
        rowKey="id"
        columns={columns}
        dataSource={entries}
        loading={log.isPending}
        scroll={{ x: true }}
        pagination={pagination('entry', 'entries')}
        locale={{ emptyText: 'No staff changes yet' }}
        expandable={{
          expandedRowRender: (entry) => (
            <>
              <Row gutter={[16, 8]}>
                <RecordJson title="Before" value={entry.before} />
                <RecordJson title="After" value={entry.after} />
              </Row>
              <Typography.Text type="secondary">
                {entry.targetType} {entry.targetId ?? ''} · admin session {entry.adminSessionId ?? 'ended'}
              </Typography.Text>
            </>
          ),
        }}
        onChange={(_pagination, filters) => setActions((filters.action as string[] | null) ?? [])}
      />
    </>
  );
}
