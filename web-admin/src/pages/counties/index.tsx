import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Card, Col, Input, Row, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EnvironmentOutlined, SearchOutlined } from '@ant-design/icons';
import { MetricCard } from '@/components/metric-card';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { count } from '@/lib/figures';
import { useCounties, type County } from './api';
import { CountyDeleteDialog } from './county-delete-dialog';
import { CountyEditDialog } from './county-edit-dialog';
import { comparePopulation, emptyMessage, filterCounties, indexCounties, populationText } from './county-filter';
import './counties.css';
import { useCanChangeData } from '@/lib/staff-role';

const SKELETON_ROWS = 10; // docs/store-spec.md §9
const byText = (key: 'name' | 'state' | 'stateCode') => (a: County, b: County) => a[key].localeCompare(b[key]);

/** docs/store-spec.md §2 Counties: search, the total, the table, and the edit and delete dialogs. */
export default function CountiesPage() {
  const counties = useCounties();
  // Editing and deleting counties are admins' (the server refuses support with 403).
  const canChange = useCanChangeData();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  // One dialog at a time; the county stays set while its dialog fades out.
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'delete'; county: County; open: boolean } | null>(null);

  // Typing stays responsive: the box updates at once, the table follows when React has time.
  const query = useDeferredValue(search);
  const index = useMemo(() => indexCounties(counties.data ?? []), [counties.data]);
  const rows = useMemo(() => filterCounties(index, query), [index, query]);

  const close = () => setDialog((d) => d && { ...d, open: false });

  const columns: TableColumnsType<County> = [
    { title: 'Name', dataIndex: 'name', sorter: byText('name') },
    { title: 'State', dataIndex: 'state', sorter: byText('state') },
    { title: 'State Code', dataIndex: 'stateCode', sorter: byText('stateCode') },
    {
      title: 'Population',
      dataIndex: 'population',
      align: 'right',
      sorter: (a, b) => comparePopulation(a.population, b.population),
      render: (population: number | null) => populationText(population),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, county) =>
        canChange && (
          <Space className="counties-actions">
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`Edit ${county.name}, ${county.state}`}
              onClick={() => setDialog({ kind: 'edit', county, open: true })}
            >
              Edit
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${county.name}, ${county.state}`}
              onClick={() => setDialog({ kind: 'delete', county, open: true })}
            >
              Delete
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Counties"
        subtitle="Manage county information and availability"
        extra={
          <Input
            className="counties-search"
            placeholder="Search counties..."
            aria-label="Search counties"
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage((p) => ({ ...p, current: 1 }));
            }}
          />
        }
      />
      {counties.isError && <LoadError error={counties.error} fallback="Failed to load counties" />}
      <Row gutter={[16, 16]} className="counties-total">
        <Col xs={24} sm={12} xl={6}>
          <MetricCard
            title="Total Counties"
            value={count(counties.data?.length)}
            note={query.trim() && counties.data ? `${count(rows.length)} match the search` : undefined}
            icon={<EnvironmentOutlined />}
            loading={counties.isPending}
          />
        </Col>
      </Row>
      <Card title="All Counties">
        {counties.isPending ? (
          <div className="counties-skeleton" aria-busy="true" aria-label="Loading counties">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Skeleton.Input key={i} active block className="counties-skeleton-row" />
            ))}
          </div>
        ) : (
          <Table<County>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            scroll={{ x: true }}
            locale={{ emptyText: emptyMessage(query) }}
            pagination={{
              ...page,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total, [from, to]) => `${count(from)}–${count(to)} of ${count(total)}`,
            }}
            // The table's own onChange also hears a new sort order, which starts again at page 1.
            onChange={({ current, pageSize }) => setPage({ current: current ?? 1, pageSize: pageSize ?? 20 })}
          />
        )}
      </Card>
      <CountyEditDialog
        county={dialog?.kind === 'edit' ? dialog.county : null}
        open={dialog?.kind === 'edit' && dialog.open}
        onClose={close}
      />
      <CountyDeleteDialog
        county={dialog?.kind === 'delete' ? dialog.county : null}
        open={dialog?.kind === 'delete' && dialog.open}
        onClose={close}
      />
    </>
  );
}
