import { useMemo, useState } from 'react';
import { Button, Col, Form, Input, Row, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { pagination } from '@/lib/table';
import { useAuditLog, useSubscriptionNames, type AuditEntry, type AuditFilter } from './api';
import {
  actionLabel,
  actionsIn,
  changeSummary,
  formatDateTime,
  KNOWN_ACTIONS,
  originLabel,
  targetLabel,
} from './audit-entries';
import './audit-log.css';

const FIRST_PAGE_SIZE = 20;

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

/** The filters staff narrow the log with; applied together, starting again at page one. */
function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const [form] = Form.useForm<AuditFilter>();
  const options = actionsIn(KNOWN_ACTIONS.map((action) => ({ action }))).map((action) => ({
    label: actionLabel(action),
    value: action,
  }));
  return (
    <Form
      form={form}
      layout="inline"
      className="audit-filters"
      aria-label="Filter the audit log"
      onFinish={(values) => onApply(values)}
    >
      <Form.Item name="action" label="Action">
        <Select allowClear showSearch optionFilterProp="label" options={options} style={{ minWidth: 220 }} />
      </Form.Item>
      <Form.Item name="staff" label="Staff member">
        <Input placeholder="email, or break-glass" allowClear />
      </Form.Item>
      <Form.Item name="from" label="From">
        <Input type="date" />
      </Form.Item>
      <Form.Item name="to" label="To">
        <Input type="date" />
      </Form.Item>
      <Form.Item name="targetId" label="Target id">
        <Input placeholder="order, county, subscription… id" allowClear />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          Apply filters
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onApply({});
          }}
        >
          Clear
        </Button>
      </Space>
    </Form>
  );
}

export default function AuditLogPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(FIRST_PAGE_SIZE);
  const log = useAuditLog(filter, page, pageSize);
  const entries = log.data?.items;
  const subscriptions = useSubscriptionNames(!!entries?.some((entry) => entry.targetType === 'subscription'));

  const subscriptionsById = useMemo(
    () => new Map((subscriptions.data ?? []).map((subscription) => [subscription.id, subscription])),
    [subscriptions.data],
  );

  const columns: TableColumnsType<AuditEntry> = [
    { title: 'Time', key: 'time', render: (_, entry) => formatDateTime(entry.occurredAt) },
    { title: 'Action', key: 'action', render: (_, entry) => actionLabel(entry.action) },
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
      <AuditFilters
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {log.isError && <LoadError error={log.error} fallback="Failed to load the audit log" />}
      <Table<AuditEntry>
        rowKey="id"
        columns={columns}
        dataSource={entries}
        loading={log.isFetching}
        scroll={{ x: true }}
        pagination={{
          ...pagination('entry', 'entries'),
          current: page,
          pageSize,
          total: log.data?.total ?? 0,
        }}
        locale={{ emptyText: Object.keys(filter).length ? 'No entries match these filters' : 'No staff changes yet' }}
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
        onChange={(next) => {
          const size = next.pageSize ?? pageSize;
          setPage(size === pageSize ? (next.current ?? 1) : 1);
          setPageSize(size);
        }}
      />
    </>
  );
}
