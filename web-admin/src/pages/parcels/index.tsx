import { useCallback, useMemo } from 'react';
import { generatePath, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { LoadError } from '@/components/load-error';
import { PageHeading } from '@/components/page-heading';
import { HttpError, messageOf } from '@/lib/api';
import { useCountiesWithParcels, useParcelSearch } from './api';
import { ParcelDrawer } from './components/parcel-drawer';
import { ParcelResults } from './components/parcel-results';
import { ParcelSearchForm } from './components/parcel-search-form';
import { paramsOfSearch, searchFromParams, type ParcelSearch } from './parcel-search';
import './parcels.css';

/**
 * Staff look up any parcel of any county the store holds. The search lives in the address, so a link
 * to a lookup asks it again; /admin/parcels/<parcel_key> opens that parcel over it.
 */
export default function ParcelsPage() {
  const [params] = useSearchParams();
  const { parcelKey } = useParams();
  const { search: query } = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => searchFromParams(params), [params]);
  const found = useParcelSearch(search);
  const counties = useCountiesWithParcels();

  const countyNames = useMemo(
    () => new Map((counties.data ?? []).map((county) => [county.fips, `${county.name}, ${county.state}`])),
    [counties.data],
  );
  const linkTo = useCallback(
    (key: string) => `${generatePath(ADMIN_PATHS.parcel, { parcelKey: key })}${query}`,
    [query],
  );
  const ask = (next: ParcelSearch) =>
    void navigate({ pathname: ADMIN_PATHS.parcels, search: `?${paramsOfSearch(next).toString()}` });

  // A refused question is the form's to show, in the API's words; any other failure is the page's.
  const refused = found.isError && found.error instanceof HttpError && found.error.status === 400;
  const features = found.isError ? undefined : found.data?.features;

  return (
    <>
      <PageHeading
        title="Parcels"
        subtitle="Look up any parcel of any county the store holds, by address, owner, parcel number or point"
      />
      <ParcelSearchForm
        search={search}
        counties={counties.data ?? []}
        refusal={refused ? messageOf(found.error, 'The search was refused') : null}
        searching={found.isFetching}
        onSearch={ask}
      />
      {found.isError && !refused && <LoadError error={found.error} fallback="The search failed" />}
      <ParcelResults
        parcels={features}
        loading={found.isFetching}
        searched={search !== null && !found.isError}
        countyName={(fips) => countyNames.get(fips) ?? null}
        linkTo={linkTo}
        onOpen={(key) => void navigate(linkTo(key))}
      />
      <ParcelDrawer
        parcelKey={parcelKey}
        found={features?.find((parcel) => parcel.id === parcelKey)}
        onClose={() => void navigate({ pathname: ADMIN_PATHS.parcels, search: query })}
      />
    </>
  );
}
