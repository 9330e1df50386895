import { useState } from 'react';
import { Alert, Collapse, Descriptions, Drawer, Skeleton, Switch, Typography } from 'antd';
import { generatePath, Link } from 'react-router-dom';
import { ADMIN_PATHS } from '@contracts/routes';
import { LoadError } from '@/components/load-error';
import { HttpError } from '@/lib/api';
import { useParcel, useParcelFields, type Parcel, type ParcelFieldCategory } from '../api';
import { boundaryFacts, degrees, type Boundary } from '../parcel-geometry';
import { ParcelMapPanel } from './parcel-map-panel';
import { matchText, textOf, valueText } from '../parcel-text';

/** Every property of a parcel under its data-schema category, each named and described as the schema does. */
function ParcelFields({ parcel, categories }: { parcel: Parcel; categories: ParcelFieldCategory[] }) {
  const [filledOnly, setFilledOnly] = useState(false);
  const filled = (name: string) => parcel.properties[name] !== null && parcel.properties[name] !== undefined;
  return (
    <>
      <label className="parcels-filled-only">
        <Switch size="small" checked={filledOnly} onChange={setFilledOnly} /> Only fields with a value
      </label>
      <Collapse
        // Every category open: staff read a parcel top to bottom, and the browser's find reaches every field.
        defaultActiveKey={categories.map(({ category }) => category)}
        items={categories.map(({ category, fields }) => {
          const count = fields.filter(({ name }) => filled(name)).length;
          const shown = filledOnly ? fields.filter(({ name }) => filled(name)) : fields;
          return {
            key: category,
            label: `${category} (${count} of ${fields.length} filled)`,
            children: shown.length ? (
              <Descriptions
                size="small"
                bordered
                column={1}
                items={shown.map((field) => ({
                  key: field.name,
                  label: (
                    <span className="parcels-field">
                      <code>{field.name}</code>
                      <Typography.Text type="secondary">{field.description}</Typography.Text>
                    </span>
                  ),
                  children: valueText(parcel.properties[field.name], field.type),
                }))}
              />
            ) : (
              <Typography.Text type="secondary">No field of this category has a value</Typography.Text>
            ),
          };
        })}
      />
    </>
  );
}

/**
 * An owner named on the parcel, linked to the owner's page (its every name across counties and why they are one),
 * or the name alone before owners are grouped.
 */
function OwnerOfParcel({ parcel, id, name }: { parcel: Parcel; id: string; name: string }) {
  const ownerId = textOf(parcel, id);
  const written = textOf(parcel, name);
  if (!ownerId) return <>{written ?? '—'}</>;
  return (
    <Link to={generatePath(ADMIN_PATHS.owner, { id: ownerId })}>
      {written ?? 'Owner'} <Typography.Text type="secondary">({ownerId.slice(0, 8)})</Typography.Text>
    </Link>
  );
}

function ParcelSummary({ parcel }: { parcel: Parcel }) {
  const facts = boundaryFacts(parcel.geometry as Boundary | null);
  const secondOwner = textOf(parcel, 'owner2_id') !== null || textOf(parcel, 'owner2_name') !== null;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      className="parcels-summary"
      items={[
        {
          key: 'key',
          label: 'Parcel key',
          children: (
            <Typography.Text copyable={{ tooltips: ['Copy parcel key', 'Copied'] }} code>
              {parcel.id}
            </Typography.Text>
          ),
        },
        { key: 'county', label: 'County FIPS', children: textOf(parcel, 'county_fips') ?? '—' },
        { key: 'parcel', label: 'Parcel number', children: textOf(parcel, 'parcel_id') ?? '—' },
        { key: 'owner', label: 'Owner', children: <OwnerOfParcel parcel={parcel} id="owner_id" name="owner_name" /> },
        ...(secondOwner
          ? [
              {
                key: 'owner2',
                label: 'Second owner',
                children: <OwnerOfParcel parcel={parcel} id="owner2_id" name="owner2_name" />,
              },
            ]
          : []),
        { key: 'release', label: 'Release', children: textOf(parcel, 'release') ?? '—' },
        ...(parcel.match ? [{ key: 'match', label: 'Match', children: matchText(parcel.match) }] : []),
        {
          key: 'bbox',
          label: 'Boundary box',
          children: facts ? facts.bbox.map(degrees).join(', ') : 'No boundary: the county publishes no shape for it',
        },
        ...(facts
          ? [
              {
                key: 'centroid',
                label: 'Boundary centre (lat, lon)',
                children: `${degrees(facts.centroid[1])}, ${degrees(facts.centroid[0])}`,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * One parcel, opened from the results or by its link (/admin/parcels/<parcel_key>): read by its key, so a
 * link opens it whatever the search; the search's own copy shows meanwhile.
 */
export function ParcelDrawer({
  parcelKey,
  found,
  onClose,
}: {
  parcelKey: string | undefined;
  found: Parcel | undefined;
  onClose: () => void;
}) {
  const parcel = useParcel(parcelKey);
  const fields = useParcelFields();
  const shown = parcel.data ?? found;
  const title = shown ? (textOf(shown, 'site_address') ?? `Parcel ${shown.id}`) : 'Parcel';

  return (
    <Drawer open={parcelKey !== undefined} onClose={onClose} title={title} width="min(640px, 100vw)">
      {parcel.isError && !found ? (
        parcel.error instanceof HttpError && parcel.error.status === 404 ? (
          // The API's own words speak to a subscriber ("your counties"); staff are asking of the whole store.
          <Alert
            type="error"
            showIcon
            title={`No parcel the store holds has the key ${parcelKey}`}
            description="A parcel_key is the county FIPS code and the parcel number without separators, in capitals."
          />
        ) : (
          <LoadError error={parcel.error} fallback="The parcel did not load" />
        )
      ) : !shown ? (
        <Skeleton active />
      ) : (
        <>
          <ParcelSummary parcel={{ ...shown, match: found?.match }} />
          <h2 className="parcels-drawer-heading">Map</h2>
          <ParcelMapPanel parcel={shown} />
          <h2 className="parcels-drawer-heading">Fields</h2>
          {fields.isError ? (
            <LoadError error={fields.error} fallback="The data schema did not load" />
          ) : fields.isPending ? (
            <Skeleton active />
          ) : (
            <ParcelFields parcel={shown} categories={fields.data.categories} />
          )}
        </>
      )}
    </Drawer>
  );
}
