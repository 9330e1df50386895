import { Drawer, Empty, Skeleton, Table, Tag } from 'antd';
import { LoadError } from '@/components/load-error';
import { useCountyReleases } from '../api';
import type { CoverageCounty } from '../coverage-ages';

/** A county's published releases, newest first, as buyers see them (a generated stand-in marked). */
export function ReleaseHistoryDrawer({ county, onClose }: { county: CoverageCounty | null; onClose: () => void }) {
  const history = useCountyReleases(county?.countyId ?? null);
  return (
    <Drawer
      open={county !== null}
      onClose={onClose}
      title={county ? `${county.name}, ${county.state} (${county.fips})` : ''}
      width="min(560px, 100vw)"
    >
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <LoadError error={history.error} fallback="The release history did not load" />
      ) : history.data.length === 0 ? (
        <Empty description="No release published yet" />
      ) : (
        <Table
          rowKey="release"
          size="small"
          pagination={false}
          aria-label="Release history"
          dataSource={history.data}
          columns={[
            {
              title: 'Release',
              dataIndex: 'release',
              // What buyers are sold for a county without a published release, outside production only.
              render: (release: string, entry) =>
                entry.generated ? (
                  <>
                    {release} <Tag color="#003eb3">Generated data</Tag>
                  </>
                ) : (
                  release
                ),
            },
            {
              title: 'Records',
              dataIndex: 'records',
              align: 'right',
              render: (v: number) => v.toLocaleString('en-US'),
            },
            { title: 'Published', dataIndex: 'publishedAt', render: (v: string) => v.slice(0, 10) },
          ]}
        />
      )}
    </Drawer>
  );
}
