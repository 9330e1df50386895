import { Avatar, Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { formatDollars } from '@web-shared/format';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { useCsvExport } from '@/lib/csv-export';
import { useServerTable } from '@/lib/server-table';
import { pagination } from '@/lib/table';
import { fetchEveryUser, useUsersPage, type AdminUser, type UserSortKey } from './api';
import { displayName, emailLabel, joinDateLabel, totalSpent, USER_CSV, userStatus, type UserStatus } from './user-rows';

// The words the table shows, and what the server calls them.
const STATUS_FILTERS: { text: UserStatus; value: string }[] = [
  { text: 'Active', value: 'active' },
  { text: 'Inactive', value: 'inactive' },
];

export default function UsersPage() {
  const table = useServerTable<UserSortKey>();
  const users = useUsersPage(table.params);
  const exporter = useCsvExport('users', USER_CSV, (onProgress) => fetchEveryUser(table.filter, onProgress));
  const page = users.data;

  // The server sorts; the table only shows which column and which way.
  const sortable = (key: UserSortKey) => ({ key, sorter: true, sortOrder: table.sortOrderOf(key) });

  const columns: TableColumnsType<AdminUser> = [
    {
      title: 'Name',
      ...sortable('name'),
      render: (_, user) => (
        <Space>
          <Avatar size="small" src={user.profileImageUrl || undefined} icon={<UserOutlined />} alt="" />
          {displayName(user)}
        </Space>
      ),
    },
    { title: 'Email', ...sortable('email'), render: (_, user) => emailLabel(user) },
    { title: 'Joined', ...sortable('joined'), render: (_, user) => joinDateLabel(user) },
    {
      title: 'Status',
      ...sortable('status'),
      filters: STATUS_FILTERS,
      filteredValue: table.status,
      render: (_, user) =>
        userStatus(user) === 'Active' ? (
          <Tag color="blue" variant="solid">
            Active
          </Tag>
        ) : (
          <Tag variant="filled">Inactive</Tag>
        ),
    },
    {
      title: 'Subscriptions',
      ...sortable('subscriptions'),
      align: 'right',
      render: (_, user) => user.subscriptions.length,
    },
    {
      title: 'Total Spent',
      ...sortable('spent'),
      align: 'right',
      render: (_, user) => formatDollars(totalSpent(user)),
    },
  ];

  return (
    <>
      <PageHeading
        title="Users"
        subtitle="Everyone who has bought or signed in, newest first"
        extra={
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="Search name or email..."
              aria-label="Search users"
              value={table.search}
              onChange={(event) => table.setSearch(event.target.value)}
              style={{ width: 260 }}
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
      {users.isError && <LoadError error={users.error} fallback="Failed to load users" />}
      <Table<AdminUser>
        rowKey="id"
        columns={columns}
        dataSource={page?.items}
        loading={users.isPending || users.isPlaceholderData}
        scroll={{ x: true }}
        pagination={{
          ...pagination('user', 'users'),
          current: table.params.page,
          pageSize: table.params.pageSize,
          total: page?.total ?? 0,
        }}
        locale={{ emptyText: table.narrowed ? 'No users match your search' : 'No users yet' }}
        onChange={table.onTableChange}
      />
    </>
  );
}
