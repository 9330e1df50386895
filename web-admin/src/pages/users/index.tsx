import { useMemo, useState } from 'react';
import { Avatar, Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { formatDollars } from '@web-shared/format';
import { LoadError } from '../../components/load-error';
import { PageHeading } from '../../components/page-heading';
import { pagination } from '../../lib/table';
import { csvFileName, downloadCsv, toCsv } from '../../lib/csv';
import { useUsers, type AdminUser } from './api';
import {
  displayName,
  emailLabel,
  filterUsers,
  joinDateLabel,
  sortUsers,
  totalSpent,
  USER_CSV,
  USER_SORTERS,
  userStatus,
  type SortState,
  type UserSortKey,
  type UserStatus,
} from './user-rows';

const STATUS_FILTERS: { text: UserStatus; value: UserStatus }[] = [
  { text: 'Active', value: 'Active' },
  { text: 'Inactive', value: 'Inactive' },
];

export default function UsersPage() {
  const users = useUsers();
  const [search, setSearch] = useState('');
  const [statuses, setStatuses] = useState<UserStatus[]>([]);
  const [sort, setSort] = useState<SortState<UserSortKey>>({});

  const rows = users.data;
  // Filtering happens here, not in the table, so the export holds exactly the rows staff filtered to.
  const filtered = useMemo(() => filterUsers(rows ?? [], search, statuses), [rows, search, statuses]);

  const exportCsv = () => downloadCsv(csvFileName('users'), toCsv(sortUsers(filtered, sort), USER_CSV));

  const sortable = (key: UserSortKey) => ({
    key,
    sorter: USER_SORTERS[key],
    sortOrder: sort.key === key ? (sort.order ?? null) : null,
  });

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
      filteredValue: statuses,
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
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ width: 260 }}
            />
            <Button icon={<DownloadOutlined />} disabled={!filtered.length} onClick={exportCsv}>
              Export CSV
            </Button>
          </Space>
        }
      />
      {users.isError && <LoadError error={users.error} fallback="Failed to load users" />}
      <Table<AdminUser>
        rowKey="id"
        columns={columns}
        dataSource={filtered}
        loading={users.isPending}
        scroll={{ x: true }}
        pagination={pagination('user', 'users')}
        locale={{ emptyText: rows?.length ? 'No users match your search' : 'No users yet' }}
        onChange={(_pagination, filters, sorter) => {
          setStatuses((filters.status as UserStatus[] | null) ?? []);
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort({ key: one?.columnKey as UserSortKey | undefined, order: one?.order ?? null });
        }}
      />
    </>
  );
}
