import { useState } from 'react';
import { Button, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDate, formatDollars } from '@web-shared/format';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { messageOf } from '@/lib/api';
import { useCsvExport } from '@/lib/csv-export';
import { useServerTable } from '@/lib/server-table';
import { pagination } from '@/lib/table';
import { useNotify } from '@/lib/notify';
import {
  fetchEverySubscription,
  useCancelSubscription,
  useSubscriptionsPage,
  type AdminSubscription,
  type SubscriptionSortKey,
} from './api';
import {
  canCancel,
  countyLabel,
  customerEmail,
  customerName,
  expiresLabel,
  planName,
  statusTag,
  SUBSCRIPTION_CSV,
} from './subscription-rows';
import { ReplaceOrderLinkButton } from './replace-order-link';
import './subscriptions.css';
import { useCanChangeData } from '@/lib/staff-role';

/** An address may break after its "@" first, then anywhere: "accounts@" above "example.com", not mid-word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const STATUS_FILTERS = ['active', 'cancelled', 'expired'].map((value) => ({ text: statusTag(value).label, value }));

export default function SubscriptionsPage() {
  const table = useServerTable<SubscriptionSortKey>();
  const subscriptions = useSubscriptionsPage(table.params);
  const cancel = useCancelSubscription();
  // Cancelling and replacing order links change data: admins only (the server refuses support with 403).
  const canChange = useCanChangeData();
  const notify = useNotify();
  const exporter = useCsvExport('subscriptions', SUBSCRIPTION_CSV, (onProgress) =>
    fetchEverySubscription(table.filter, onProgress),
  );
  // The subscription stays set while the dialog fades out, so its text does not vanish mid-close.
  const [confirming, setConfirming] = useState<AdminSubscription | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const page = subscriptions.data;

  const confirmCancel = () => {
    if (!confirming) return;
    const label = `${countyLabel(confirming.county)} for ${customerName(confirming.user)}`;
    cancel.mutate(confirming, {
      onSuccess: () => notify.success('Subscription cancelled successfully', label),
      onError: (error) => notify.error('Failed to cancel subscription', messageOf(error, '') || undefined),
      onSettled: () => setConfirmOpen(false),
    });
  };

  // The server sorts; the table only shows which column and which way.
  const sortable = (key: SubscriptionSortKey) => ({ key, sorter: true, sortOrder: table.sortOrderOf(key) });

  const columns: TableColumnsType<AdminSubscription> = [
    {
      title: 'Customer',
      ...sortable('customer'),
      // Names and addresses wrap here, so that every column fits a laptop without scrolling sideways.
      className: 'subscriptions-wrap subscriptions-customer',
      render: (_, row) => (
        <div>
          <div>{customerName(row.user)}</div>
          <Typography.Text type="secondary">{breakableEmail(customerEmail(row.user))}</Typography.Text>
        </div>
      ),
    },
    {
      title: 'County',
      ...sortable('county'),
      className: 'subscriptions-wrap',
      render: (_, row) => countyLabel(row.county),
    },
    {
      title: 'Plan',
      ...sortable('plan'),
      className: 'subscriptions-wrap',
      render: (_, row) => planName(row.purchaseType),
    },
    { title: 'Amount', ...sortable('amount'), align: 'right', render: (_, row) => formatDollars(row.amount) },
    {
      title: 'Status',
      ...sortable('status'),
      filters: STATUS_FILTERS,
      filteredValue: table.status,
      render: (_, row) => {
        const tag = statusTag(row.status);
        return (
          <Tag color={tag.color} variant={tag.variant}>
            {tag.label}
          </Tag>
        );
      },
    },
    { title: 'Start Date', ...sortable('startDate'), render: (_, row) => formatDate(row.startDate) },
    { title: 'Expires', ...sortable('expirationDate'), render: (_, row) => expiresLabel(row.expirationDate) },
    { title: 'Auto-Renew', ...sortable('autoRenew'), render: (_, row) => (row.autoRenew ? 'Yes' : 'No') },
    {
      title: 'Actions',
      key: 'actions',
      // At a laptop's width every column fits; on a narrower screen the table scrolls sideways and this stays
      // in sight. Its buttons stand one above the other, so it takes little of the row's width.
      fixed: 'right',
      render: (_, row) => (
        <Space orientation="vertical" size={4} className="subscriptions-actions">
          {canChange && canCancel(row) && (
            <Button
              size="small"
              danger
              aria-label={`Cancel subscription to ${countyLabel(row.county)} for ${customerName(row.user)}`}
              onClick={() => {
                setConfirming(row);
                setConfirmOpen(true);
              }}
            >
              Cancel
            </Button>
          )}
          {canChange && <ReplaceOrderLinkButton subscription={row} />}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Subscriptions"
        subtitle="Every customer subscription, newest first"
        extra={
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="Search customer email or county..."
              aria-label="Search subscriptions"
              value={table.search}
              onChange={(event) => table.setSearch(event.target.value)}
              style={{ width: 280 }}
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={!page?.total}
              loading={exporter.running}
              onClick={exporter.run}
            >
              {exporter.label}
            </Button>
          </Space>
        }
      />
      {subscriptions.isError && <LoadError error={subscriptions.error} fallback="Failed to load subscriptions" />}
      <Table<AdminSubscription>
        className="subscriptions-table"
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={page?.items}
        loading={subscriptions.isPending || subscriptions.isPlaceholderData}
        scroll={{ x: true }}
        pagination={{
          ...pagination('subscription', 'subscriptions'),
          current: table.params.page,
          pageSize: table.params.pageSize,
          total: page?.total ?? 0,
        }}
        locale={{
          emptyText: table.narrowed ? 'No subscriptions match your search' : 'No subscriptions yet',
        }}
        onChange={table.onTableChange}
      />
      <Modal
        open={confirmOpen}
        title="Cancel this subscription?"
        okText="Cancel Subscription"
        okButtonProps={{ danger: true }}
        cancelText="Keep Subscription"
        confirmLoading={cancel.isPending}
        onOk={confirmCancel}
        onCancel={() => !cancel.isPending && setConfirmOpen(false)}
      >
        {confirming && (
          <p>
            {planName(confirming.purchaseType)} for {countyLabel(confirming.county)}, bought by{' '}
            {customerName(confirming.user)} ({customerEmail(confirming.user)}). Cancelling ends it now and stops its
            renewal. This cannot be undone.
          </p>
        )}
      </Modal>
    </>
  );
}
