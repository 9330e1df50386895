import { Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { pagination } from '@/lib/table';
import type { Parcel } from '../api';
import { matchText, textOf } from '../parcel-text';

/** The parcels a search found, best match first (as the API orders them); a row opens its drawer. */
export function ParcelResults({
  parcels,
  loading,
  searched,
  countyName,
  linkTo,
  onOpen,
}: {
  parcels: Parcel[] | undefined;
  loading: boolean;
  searched: boolean;
  countyName: (fips: string) => string | null;
  /** The address of a parcel's drawer, the search kept. */
  linkTo: (parcelKey: string) => string;
  onOpen: (parcelKey: string) => void;
}) {
  const columns: TableColumnsType<Parcel> = [
    {
      title: 'Parcel key',
      key: 'key',
      // A link, so the keyboard reaches each parcel with Tab and opens it with Enter.
      render: (_, parcel) => (
        <Link to={linkTo(parcel.id)} onClick={(event) => event.stopPropagation()} className="parcels-key">
          {parcel.id}
        </Link>
      ),
    },
    {
      title: 'County',
      key: 'county',
      render: (_, parcel) => {
        const fips = textOf(parcel, 'county_fips') ?? '';
        const name = countyName(fips) ?? textOf(parcel, 'county_name');
        return name ? `${name} (${fips})` : fips;
      },
    },
    { title: 'Address', key: 'address', className: 'parcels-wrap', render: (_, p) => textOf(p, 'site_address') ?? '—' },
    { title: 'Owner', key: 'owner', className: 'parcels-wrap', render: (_, p) => textOf(p, 'owner_name') ?? '—' },
    { title: 'Match', key: 'match', render: (_, parcel) => matchText(parcel.match) },
    { title: 'Release', key: 'release', render: (_, parcel) => textOf(parcel, 'release') ?? '—' },
  ];

  // Words rather than an empty table: an empty table that scrolls sideways on a phone is a region the keyboard cannot reach.
  if (!loading && !parcels?.length) {
    return (
      <Typography.Paragraph type="secondary" role="status" className="parcels-empty">
        {searched
          ? 'No parcel matches this search'
          : 'Search by address, owner, parcel number or point to find parcels'}
      </Typography.Paragraph>
    );
  }

  return (
    <Table<Parcel>
      rowKey="id"
      className="parcels-table"
      aria-label="Parcels found"
      columns={columns}
      dataSource={parcels}
      loading={loading}
      scroll={{ x: true }}
      pagination={{ ...pagination('parcel', 'parcels'), hideOnSinglePage: true }}
      onRow={(parcel) => ({ onClick: () => onOpen(parcel.id), className: 'parcels-row' })}
    />
  );
}
