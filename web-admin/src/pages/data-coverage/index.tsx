import { useMemo, useState } from 'react';
import { Button, Card, Select, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { useCoverage } from './api';
import { AGE_BANDS, ageBand, totalsLine, type AgeBand, type CoverageCounty } from './coverage-ages';
import { CoverageMap } from './components/coverage-map';
import { ReleaseHistoryDrawer } from './components/release-history-drawer';
import './coverage.css';

const BAND = Object.fromEntries(AGE_BANDS.map((b) => [b.band, b]));

/** Which counties have data and how old it is: the map, the totals, the table; a county opens its history. */
export default function CoveragePage() {
  const coverage = useCoverage();
  const [state, setState] = useState<string | null>(null);
  const [age, setAge] = useState<AgeBand | null>(null);
  const [open, setOpen] = useState<CoverageCounty | null>(null);

  const month = coverage.data?.month ?? '';
  const counties = useMemo(() => coverage.data?.counties ?? [], [coverage.data]);
  const states = useMemo(() => [...new Set(counties.map((c) => c.state))].sort(), [counties]);
  const rows = useMemo(
    () => counties.filter((c) => (state === null || c.state === state) && (age === null || ageBand(c, month) === age)),
    [counties, state, age, month],
  );
  const shown = useMemo(() => new Set(rows.map((c) => c.fips)), [rows]);

  const columns: TableColumnsType<CoverageCounty> = [
    {
      title: 'County',
      dataIndex: 'name',
      // Stays in view while a narrow window scrolls the table sideways.
      fixed: 'left',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (name: string, county) => (
        <Button type="link" size="small" onClick={() => setOpen(county)}>
          {name}
        </Button>
      ),
    },
    { title: 'State', dataIndex: 'state', sorter: (a, b) => a.state.localeCompare(b.state) },
    { title: 'FIPS', dataIndex: 'fips' },
    {
      title: 'Current release',
      dataIndex: 'currentRelease',
      sorter: (a, b) => (a.currentRelease ?? '').localeCompare(b.currentRelease ?? ''),
      render: (release: string | null, county) => {
        const band = BAND[ageBand(county, month)];
        return <Tag color={band.text}>{release ?? band.label}</Tag>;
      },
    },
    {
      title: 'Records',
      dataIndex: 'records',
      align: 'right',
      sorter: (a, b) => (a.records ?? -1) - (b.records ?? -1),
      render: (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US')),
    },
  ];

  return (
    <>
      <PageHeading title="Coverage" subtitle="Every county on sale and the age of its current release" />
      {coverage.isError ? (
        <LoadError error={coverage.error} fallback="Coverage did not load" />
      ) : coverage.isPending ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph strong className="coverage-totals">
            {totalsLine(counties, month)}
          </Typography.Paragraph>
          <Space className="coverage-filters">
            <Select
              allowClear
              showSearch
              placeholder="All states"
              aria-label="State"
              style={{ minWidth: 180 }}
              value={state}
              onChange={(v) => setState(v ?? null)}
              options={states.map((s) => ({ value: s, label: s }))}
            />
            <Select
              allowClear
              placeholder="Any age"
              aria-label="Age"
              style={{ minWidth: 160 }}
              value={age}
              onChange={(v) => setAge(v ?? null)}
              options={AGE_BANDS.map(({ band, label }) => ({ value: band, label }))}
            />
          </Space>
          <Card size="small">
            <CoverageMap counties={counties} shown={shown} month={month} onOpen={setOpen} />
            <div className="coverage-legend">
              {AGE_BANDS.map(({ band, label, colour, text }) => (
                <Tag key={band} color={text}>
                  <span className="coverage-swatch" style={{ background: colour }} aria-hidden="true" />
                  {label}
                </Tag>
              ))}
            </div>
          </Card>
          <Table
            rowKey="countyId"
            size="small"
            aria-label="Counties"
            style={{ marginTop: 16 }}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={columns}
            pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          />
        </>
      )}
      <ReleaseHistoryDrawer county={open} onClose={() => setOpen(null)} />
    </>
  );
}
