import { Descriptions, Drawer, Skeleton, Table, Tag, Typography } from 'antd';
import { LoadError } from '@/components/load-error';
import { usePreview, type QaRow } from '../api';
import { shapeChecksText } from '../shape-checks';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US'));
const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** One county of a release: its checks, its comparison with the previous release, and its first records. */
export function QaDrawer({ releaseId, row, onClose }: { releaseId: string; row: QaRow | null; onClose: () => void }) {
  const preview = usePreview(releaseId, row?.countyId ?? null);
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? `${row.name}, ${row.state} (${row.fips})` : ''}
      width="min(900px, 100vw)"
    >
      {row && (
        <>
          {/* Long flag sentences and field lists wrap, so on a phone the details fit the drawer. */}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            bordered
            styles={{ content: { overflowWrap: 'anywhere' } }}
          >
            <Descriptions.Item label="Status">{row.status}</Descriptions.Item>
            <Descriptions.Item label="Records">{n(row.records)}</Descriptions.Item>
            <Descriptions.Item label="Compared with">{row.previousRelease ?? 'no earlier release'}</Descriptions.Item>
            <Descriptions.Item label="Added / removed / changed">
              {`${n(row.added)} / ${n(row.removed)} / ${n(row.changed)}`}
            </Descriptions.Item>
            <Descriptions.Item label="Duplicate parcel ids">{n(row.duplicateParcelIds)}</Descriptions.Item>
            <Descriptions.Item label="Rows of another county">{n(row.foreignFipsRows)}</Descriptions.Item>
            <Descriptions.Item label="Parcel boundaries" span={2}>
              {shapeChecksText(row.shapeChecks)}
            </Descriptions.Item>
            <Descriptions.Item label="Flags" span={2}>
              {row.flags.length === 0
                ? 'None'
                : row.flags.map((f) => (
                    <Tag color="red" key={f.flag} title={f.description} style={{ whiteSpace: 'normal' }}>
                      {f.description}
                    </Tag>
                  ))}
            </Descriptions.Item>
            <Descriptions.Item label="Fill rates" span={2}>
              {Object.entries(row.fillRates)
                .map(([field, rate]) => `${field} ${percent(rate)}`)
                .join(', ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Invalid values" span={2}>
              {row.invalidValues.map((v) => `${v.field} ${n(v.values)}`).join(', ') || 'None'}
            </Descriptions.Item>
            <Descriptions.Item label="Fields changed most" span={2}>
              {row.changedFields.map((f) => `${f.field} ${n(f.parcels)}`).join(', ') || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            First records
          </Typography.Title>
          {preview.isPending ? (
            <Skeleton active />
          ) : preview.isError ? (
            <LoadError error={preview.error} fallback="The preview did not load" />
          ) : (
            <Table
              size="small"
              aria-label="First records"
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowKey={(_, i) => String(i)}
              dataSource={preview.data.records.map((values) =>
                Object.fromEntries(preview.data.columns.map((c, i) => [c, values[i] ?? ''])),
              )}
              columns={preview.data.columns.map((c) => ({ title: c, dataIndex: c, key: c }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
