import { useEffect, useState } from 'react';
import { Input, Table, Typography, type TableColumnsType } from 'antd';
import { generatePath, Link, useLocation, useSearchParams } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { pagination } from '@/lib/table';
import { useOwnerSearch, type OwnerRow } from './api';
import { kindLabel, MIN_SEARCH_LENGTH, ownerSearchText } from './owner-text';
import './owners.css';

/**
 * Staff find an owner of any county by a name however it is spelled, to see why its names are one owner
 * and to split or merge it. The name lives in the address (/admin/owners?name=acme), so a link searches again.
 */
export default function OwnersPage() {
  const [params, setParams] = useSearchParams();
  const { search: query } = useLocation();
  const asked = params.get('name') ?? '';
  const [typed, setTyped] = useState(asked);
  const name = ownerSearchText(asked);
  const found = useOwnerSearch(name);
  const owners = found.isError ? undefined : found.data?.owners;

  // Back and forward move through searches: the box shows the search of the address.
  useEffect(() => setTyped(asked), [asked]);

  const columns: TableColumnsType<OwnerRow> = [
    {
      title: 'Name',
      key: 'name',
      className: 'owners-wrap',
      // A link, so the keyboard reaches each owner with Tab; its page's way back returns to this search.
      render: (_, owner) => (
        <Link to={generatePath(ADMIN_PATHS.owner, { id: owner.id })} state={{ search: query }}>
          {owner.name}
        </Link>
      ),
    },
    { title: 'Kind', dataIndex: 'kind', render: (kind: string) => kindLabel(kind) },
    { title: 'Parcels', dataIndex: 'parcels', align: 'right', render: (n: number) => n.toLocaleString('en-US') },
    { title: 'Counties', dataIndex: 'counties', align: 'right' },
  ];

  return (
    <>
      <PageHeading
        title="Owners"
        subtitle="Find an owner of any county by name, however it is spelled, to see why its names are one owner"
        extra={
          <Input.Search
            allowClear
            autoFocus
            enterButton="Search"
            placeholder="Owner name..."
            aria-label="Search owners by name"
            value={typed}
            loading={found.isFetching}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => setParams(value.trim() ? { name: value.trim() } : {})}
            className="owners-search"
          />
        }
      />
      {found.isError && <LoadError error={found.error} fallback="The search failed" />}
      {name === null ? (
        <Typography.Paragraph type="secondary" role="status" className="owners-empty">
          {asked.trim()
            ? `Type at least ${MIN_SEARCH_LENGTH} characters of the name`
            : 'Search by name: case, punctuation, word order, legal forms and abbreviations do not matter'}
        </Typography.Paragraph>
      ) : found.isError ? null : !found.isFetching && owners?.length === 0 ? (
        <Typography.Paragraph type="secondary" role="status" className="owners-empty">
          No owner matches this name
        </Typography.Paragraph>
      ) : (
        <Table<OwnerRow>
          rowKey="id"
          className="owners-table"
          aria-label="Owners found"
          columns={columns}
          dataSource={owners}
          loading={found.isFetching}
          scroll={{ x: true }}
          pagination={{ ...pagination('owner', 'owners'), hideOnSinglePage: true }}
        />
      )}
    </>
  );
}
