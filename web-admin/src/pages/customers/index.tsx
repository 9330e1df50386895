import { Input, Table, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { formatDate } from '@web-shared/format';
import { Link, generatePath } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { useServerTable } from '@/lib/server-table';
import { pagination } from '@/lib/table';
import { useCustomerSearch, type CustomerRow } from './api';
import { customerLabel, dollarsOf } from './customer-figures';
import './customers.css';

const columns: TableColumnsType<CustomerRow> = [
  {
    title: 'Email',
    key: 'email',
    className: 'customers-wrap',
    // A link, so the keyboard reaches each customer with Tab and opens them with Enter.
    render: (_, row) => <Link to={generatePath(ADMIN_PATHS.customer, { id: row.id })}>{row.email ?? 'no email'}</Link>,
  },
  {
    title: 'Name',
    key: 'name',
    className: 'customers-wrap',
    render: (_, row) => (row.firstName || row.lastName ? customerLabel(row) : '—'),
  },
  { title: 'Orders', dataIndex: 'ordersCount', align: 'right' },
  { title: 'Spent', key: 'spent', align: 'right', render: (_, row) => dollarsOf(row.spentCents) },
  {
    title: 'Last Order',
    key: 'last',
    render: (_, row) => (row.lastOrderAt ? formatDate(row.lastOrderAt) : 'none yet'),
  },
];

/** Finds a customer by email or name, to answer them: each opens their orders, subscriptions and emails. */
export default function CustomersPage() {
  const table = useServerTable<never>();
  const found = useCustomerSearch(table.params);
  const page = found.data;

  return (
    <>
      <PageHeading
        title="Customers"
        subtitle="Find a customer by email or name to see their orders, subscriptions and emails"
        extra={
          <Input
            allowClear
            autoFocus
            prefix={<SearchOutlined />}
            placeholder="Search email or name..."
            aria-label="Search customers by email or name"
            value={table.search}
            onChange={(event) => table.setSearch(event.target.value)}
            className="customers-search"
          />
        }
      />
      {found.isError && <LoadError error={found.error} fallback="Failed to load customers" />}
      <Table<CustomerRow>
        rowKey="id"
        className="customers-table"
        aria-label="Customers"
        columns={columns}
        dataSource={page?.items}
        loading={found.isPending || found.isPlaceholderData}
        scroll={{ x: true }}
        pagination={{
          ...pagination('customer', 'customers'),
          current: table.params.page,
          pageSize: table.params.pageSize,
          total: page?.total ?? 0,
        }}
        locale={{ emptyText: table.narrowed ? 'No customer matches this email or name' : 'No customers yet' }}
        onChange={table.onTableChange}
      />
    </>
  );
}
