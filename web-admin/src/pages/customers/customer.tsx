import { useState } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ArrowLeftOutlined, FilePdfOutlined } from '@ant-design/icons';
import { formatDate } from '@web-shared/format';
import { Link, useParams } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { messageOf } from '@/lib/api';
import { useNotify } from '@/lib/notify';
import { useRequestKey } from '@/lib/request-key';
import {
  useCustomer,
  useEndSubscription,
  useOrderPageLink,
  useResendReceipt,
  useResendTrackerEmail,
  type CustomerEmail,
  type CustomerInvoice,
  type CustomerOrder,
  type CustomerSubscription,
} from './api';
import { ExtendDialog } from './components/extend-dialog';
import { RefundDialog } from './components/refund-dialog';
import { customerLabel, dollarsOf, emailKindLabel } from './customer-figures';
import './customers.css';
import { useCanChangeData } from '@/lib/staff-role';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_COLOUR: Record<string, string> = { paid: 'green', active: 'green', refunded: 'default', cancelled: 'red' };
const statusTag = (status: string) => <Tag color={STATUS_COLOUR[status] ?? 'blue'}>{status}</Tag>;

/** A button that sends one email per deliberate click: a double click while it is sent reuses the click's key. */
function ResendButton({
  label,
  name,
  send,
  pending,
}: {
  label: string;
  /** What a screen reader says: the label and the row it acts on, as each row has one. */
  name: string;
  send: (key: string, done: () => void) => void;
  pending: boolean;
}) {
  const key = useRequestKey();
  return (
    <Button
      size="small"
      aria-label={name}
      loading={pending}
      disabled={pending}
      onClick={() => send(key.current(), key.done)}
    >
      {label}
    </Button>
  );
}

/** One part of a customer's page: a card with its table, named for screen readers by its title. */
function Section<Row extends object>({
  title,
  label = title,
  columns,
  rows,
  rowKey = 'id' as keyof Row & string,
  pageSize,
  empty,
}: {
  title: string;
  label?: string;
  columns: TableColumnsType<Row>;
  rows: Row[];
  rowKey?: (keyof Row & string) | ((row: Row) => string);
  /** Rows a page: without it every row shows at once. */
  pageSize?: number;
  empty: string;
}) {
  return (
    <Card title={title} className="customer-section">
      <Table<Row>
        rowKey={rowKey}
        size="small"
        className="customer-table"
        aria-label={label}
        columns={columns}
        dataSource={rows}
        pagination={pageSize ? { pageSize, hideOnSinglePage: true } : false}
        scroll={{ x: true }}
        locale={{ emptyText: empty }}
      />
    </Card>
  );
}

/** One customer: what they bought and were sent, and what staff can do about it. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const detail = useCustomer(id);
  const notify = useNotify();
  const resendReceipt = useResendReceipt(id);
  const resendTracker = useResendTrackerEmail(id);
  const end = useEndSubscription(id);
  const pageLink = useOrderPageLink(id);
  // Support staff see, resend and make links; refunds, extensions and ending a subscription are an admin's.
  const canChange = useCanChangeData();
  const [refunding, setRefunding] = useState<CustomerOrder | null>(null);
  const [extending, setExtending] = useState<(CustomerSubscription & { expirationDate: string }) | null>(null);
  const [link, setLink] = useState<{ orderId: string; url: string } | null>(null);

  if (detail.isError) return <LoadError error={detail.error} fallback="Failed to load the customer" />;
  if (!detail.data) return <Skeleton active />;
  const { customer, orders, subscriptions, invoices, emails } = detail.data;
  const email = customer.email ?? 'the customer';

  const orderColumns: TableColumnsType<CustomerOrder> = [
    { title: 'Order', key: 'id', render: (_, order) => <Typography.Text code>{order.id.slice(0, 8)}</Typography.Text> },
    { title: 'Date', key: 'date', render: (_, order) => formatDate(order.paidAt ?? order.createdAt) },
    { title: 'Status', dataIndex: 'status', render: statusTag },
    { title: 'Paid', key: 'paid', align: 'right', render: (_, order) => dollarsOf(order.amountCents) },
    {
      title: 'Refunded',
      key: 'refunded',
      align: 'right',
      render: (_, order) => (order.refundedCents ? dollarsOf(order.refundedCents) : '—'),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, order) => (
        <Space wrap size={4}>
          {canChange && (
            <Button
              size="small"
              danger
              disabled={order.refundableCents <= 0}
              aria-label={`Refund order ${order.id.slice(0, 8)}`}
              onClick={() => setRefunding(order)}
            >
              Refund
            </Button>
          )}
          {order.status === 'paid' && (
            <ResendButton
              label="Resend Receipt"
              name={`Resend receipt of order ${order.id.slice(0, 8)}`}
              pending={resendReceipt.isPending && resendReceipt.variables?.orderId === order.id}
              send={(idempotencyKey, done) =>
                resendReceipt.mutate(
                  { orderId: order.id, idempotencyKey },
                  {
                    onSuccess: (result) => {
                      done();
                      notify.success('Receipt Sent', result.message);
                    },
                    onError: (error) => notify.error('Error', messageOf(error, 'Failed to resend the receipt')),
                  },
                )
              }
            />
          )}
          {order.paidAt && (
            <Button
              size="small"
              aria-label={`Order page link of order ${order.id.slice(0, 8)}`}
              loading={pageLink.isPending && pageLink.variables === order.id}
              onClick={() =>
                pageLink.mutate(order.id, {
                  onSuccess: (result) => setLink(result),
                  onError: (error) => notify.error('Error', messageOf(error, 'Failed to make an order page link')),
                })
              }
            >
              Order Page Link
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const subscriptionColumns: TableColumnsType<CustomerSubscription> = [
    { title: 'County', dataIndex: 'countyName', className: 'customers-wrap' },
    {
      title: 'Plan',
      dataIndex: 'purchaseType',
      render: (type: string) => (type === 'annual' ? 'County Tracker' : 'One-time'),
    },
    { title: 'Status', dataIndex: 'status', render: statusTag },
    {
      title: 'Renews / Ends',
      key: 'end',
      render: (_, s) =>
        s.expirationDate ? `${formatDate(s.expirationDate)}${s.autoRenew ? ' (renews)' : ' (ends)'}` : 'never ends',
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, s) =>
        s.status !== 'active' ? null : (
          <Space wrap size={4}>
            {canChange && s.expirationDate && (
              <Button
                size="small"
                aria-label={`Extend ${s.countyName}`}
                onClick={() => setExtending({ ...s, expirationDate: s.expirationDate! })}
              >
                Extend
              </Button>
            )}
            {canChange && (
              <Popconfirm
                title={`End ${s.countyName} now?`}
                description="Access stops and it renews no more. This cannot be undone."
                okText="End Subscription"
                okButtonProps={{ danger: true, loading: end.isPending }}
                cancelText="Keep"
                // Ending twice is refused by the server (409), so a second confirmation changes nothing.
                onConfirm={() =>
                  end.mutate(s.id, {
                    onSuccess: () =>
                      notify.success('Subscription Ended', `${s.countyName} is ended and renews no more`),
                    onError: (error) => notify.error('Error', messageOf(error, 'Failed to end the subscription')),
                  })
                }
              >
                <Button size="small" danger disabled={end.isPending} aria-label={`End ${s.countyName}`}>
                  End
                </Button>
              </Popconfirm>
            )}
            {s.hasTrackerEmail && (
              <ResendButton
                label="Resend Tracker Email"
                name={`Resend Tracker email of ${s.countyName}`}
                pending={resendTracker.isPending && resendTracker.variables?.subscriptionId === s.id}
                send={(idempotencyKey, done) =>
                  resendTracker.mutate(
                    { subscriptionId: s.id, idempotencyKey },
                    {
                      onSuccess: (result) => {
                        done();
                        notify.success('Tracker Email Sent', result.message);
                      },
                      onError: (error) => notify.error('Error', messageOf(error, 'Failed to resend the Tracker email')),
                    },
                  )
                }
              />
            )}
          </Space>
        ),
    },
  ];

  const invoiceColumns: TableColumnsType<CustomerInvoice> = [
    { title: 'Invoice', dataIndex: 'number' },
    { title: 'For', dataIndex: 'kind', render: (kind: string) => (kind === 'order' ? 'Order' : 'Renewal') },
    { title: 'Issued', dataIndex: 'issuedAt', render: (at: string) => formatDate(at) },
    { title: 'Total', dataIndex: 'totalCents', align: 'right', render: (cents: number) => dollarsOf(cents) },
    {
      title: 'PDF',
      key: 'pdf',
      render: (_, invoice) => (
        <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" aria-label={`PDF of invoice ${invoice.number}`}>
          <FilePdfOutlined /> PDF
        </a>
      ),
    },
  ];

  const emailColumns: TableColumnsType<CustomerEmail> = [
    { title: 'Kind', dataIndex: 'kind', render: (kind: string) => emailKindLabel(kind) },
    { title: 'Subject', dataIndex: 'subject', className: 'customers-wrap' },
    { title: 'Time', key: 'time', render: (_, e) => when(e.sentAt ?? e.claimedAt) },
    {
      title: 'State',
      dataIndex: 'state',
      render: (state: CustomerEmail['state']) => <Tag color={state === 'sent' ? 'green' : 'gold'}>{state}</Tag>,
    },
  ];

  return (
    <>
      <Link to={ADMIN_PATHS.customers}>
        <ArrowLeftOutlined /> All customers
      </Link>
      <PageHeading
        title={customerLabel(customer)}
        subtitle={customerLabel(customer) === customer.email ? undefined : (customer.email ?? undefined)}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        <Descriptions.Item label="Email">{customer.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Orders">{orders.length}</Descriptions.Item>
        <Descriptions.Item label="Paid in all">
          {dollarsOf(orders.reduce((sum, o) => sum + (o.paidAt ? o.amountCents - o.refundedCents : 0), 0))}
        </Descriptions.Item>
      </Descriptions>

      <Section title="Orders" columns={orderColumns} rows={orders} empty="No orders" />
      <Section title="Subscriptions" columns={subscriptionColumns} rows={subscriptions} empty="No subscriptions" />
      <Section title="Invoices" columns={invoiceColumns} rows={invoices} empty="No invoices" />
      <Section
        title="Emails Sent"
        label="Emails sent"
        columns={emailColumns}
        rows={emails}
        rowKey={(e) => `${e.kind}-${e.claimedAt}-${e.subject}`}
        pageSize={10}
        empty="No emails sent"
      />

      {refunding && <RefundDialog customerId={id} email={email} order={refunding} onClose={() => setRefunding(null)} />}
      {extending && <ExtendDialog customerId={id} subscription={extending} onClose={() => setExtending(null)} />}
      <Modal
        open={link !== null}
        title={`Order page of ${link?.orderId.slice(0, 8) ?? ''}`}
        footer={<Button onClick={() => setLink(null)}>Done</Button>}
        onCancel={() => setLink(null)}
      >
        <p>
          Whoever has this link sees the order and downloads its files, without signing in, for 30 days. Send it only to{' '}
          {email}.
        </p>
        <Typography.Paragraph
          copyable={{ text: link?.url, tooltips: ['Copy link', 'Copied'] }}
          className="customer-link"
        >
          {link?.url}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
