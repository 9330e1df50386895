import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { cursorOf, encodeCursor } from '../lookup/parcel-cursor';
import { normalizeOwnerName } from '../../../common/search-text';
import type { CountyRecord } from '../../counties';
import { type OwnedParcel, OwnerDirectoryRepository, ownedParcelKey, type OwnerSummary } from '../../owners';
import type { TrackerScope } from '../lookup/parcel-lookup.service';
import { type FoundParcel, ParcelLookupRepository } from '../lookup/parcel-lookup.repository';

export const NO_SUCH_OWNER =
  'No owner of parcels in your counties has this owner_id (owner ids are those /api/v1/owners and the ' +
  'owner_id of a parcel give).';
/** Parcels read from the store at once for an export. */
const PARCELS_A_READ = 1000;

/** An owner found by name, counted in the customer's counties and, without naming them, elsewhere. */
export interface OwnerMatch {
  owner_id: string;
  name: string;
  kind: 'person' | 'entity';
  score: number;
  parcels: number;
  counties: number;
  parcels_elsewhere: number;
  counties_elsewhere: number;
}

/** One parcel of a portfolio, as its list shows it. */
export interface PortfolioParcel {
  parcel_key: string;
  county_fips: string;
  county: string;
  state: string;
  /** Which of the parcel's owners the owner is. */
  role: 'owner' | 'owner2' | 'both';
  site_address: string | null;
  assessed_total_value: number | null;
  last_sale_date: string | null;
  last_sale_price: number | null;
}

export interface OwnerPortfolio {
  owner_id: string;
  name: string;
  kind: 'person' | 'entity';
  names: { name: string; parcels: number }[];
  mailing_addresses: { address: string; parcels: number }[];
  totals: { parcels: number; counties: number; assessed_total_value: number };
  counties: { county_fips: string; county: string; state: string; parcels: number; assessed_total_value: number }[];
  elsewhere: { parcels: number; counties: number };
  parcels: PortfolioParcel[];
  next: string | null;
}

/** A portfolio's parcel as an export writes it: the list's columns, the owner's names and the boundary. */
export interface ExportedParcel extends PortfolioParcel {
  owner_id: string;
  owner_name: string | null;
  owner2_name: string | null;
  mail_address: string | null;
  geometry: object | null;
}

/**
 * Owner portfolios for County Tracker subscribers: owners found by name, and each owner's parcels,
 * only ever in the customer's counties; what the owner holds elsewhere is counted, never shown.
 */
@Injectable()
export class OwnerPortfolioService {
  constructor(
    private readonly owners: OwnerDirectoryRepository,
    private readonly parcels: ParcelLookupRepository,
  ) {}

  async search(scope: TrackerScope, name: string, limit: number): Promise<OwnerMatch[]> {
    const text = normalizeOwnerName(name);
    if (!text) throw new BadRequestException('name must hold letters or digits');
    const found = await this.owners.search(text, scope.countyIds, limit);
    return found.map((owner) => ({ ...summaryOf(owner), score: owner.score ?? 0 }));
  }

  async portfolio(scope: TrackerScope, ownerId: string, limit: number, cursor?: string): Promise<OwnerPortfolio> {
    const after = cursor === undefined ? null : cursorOf(cursor);
    const owner = await this.summary(scope, ownerId);
    const [spellings, owned, page] = await Promise.all([
      this.owners.spellings(ownerId, scope.countyIds),
      this.owners.parcels(ownerId, scope.countyIds, null, null),
      this.owners.parcels(ownerId, scope.countyIds, after, limit + 1),
    ]);
    const counties = countiesOf(scope);
    const values = new Map(
      (await this.parcels.assessedByCounty(scope, owned)).map(({ countyFips, value }) => [countyFips, value]),
    );
    const byCounty = new Map<string, number>();
    for (const parcel of owned) byCounty.set(parcel.countyId, (byCounty.get(parcel.countyId) ?? 0) + 1);
    const shown = page.slice(0, limit);
    const details = byParcel(await this.parcels.byKeys(scope, shown));
    return {
      owner_id: owner.id,
      name: owner.name,
      kind: owner.kind,
      names: tally(spellings.map((s) => [s.name, s.parcels])),
      mailing_addresses: tally(spellings.filter((s) => s.mail).map((s) => [s.mail, s.parcels])).map(
        ({ name, parcels }) => ({ address: name, parcels }),
      ),
      totals: {
        parcels: owner.parcels,
        counties: owner.counties,
        assessed_total_value: [...values.values()].reduce((sum, value) => sum + value, 0),
      },
      counties: [...byCounty]
        .map(([countyId, parcels]) => {
          const county = counties.get(countyId)!;
          return {
            county_fips: county.fips,
            county: county.name,
            state: county.stateCode,
            parcels,
            assessed_total_value: values.get(county.fips) ?? 0,
          };
        })
        .sort((a, b) => b.parcels - a.parcels || a.county_fips.localeCompare(b.county_fips)),
      elsewhere: { parcels: owner.parcelsElsewhere, counties: owner.countiesElsewhere },
      parcels: shown.flatMap((owned) => {
        const parcel = details.get(ownedParcelKey(owned.parcelKey, owned.recordNumber));
        return parcel ? [portfolioParcel(parcel, owned, counties)] : [];
      }),
      next: page.length > limit ? encodeCursor(shown[shown.length - 1]) : null,
    };
  }

  /** Every parcel of the owner in the customer's counties, read a thousand at a time, for an export. */
  async *exported(scope: TrackerScope, ownerId: string): AsyncGenerator<ExportedParcel> {
    const owner = await this.summary(scope, ownerId);
    const owned = await this.owners.parcels(ownerId, scope.countyIds, null, null);
    const counties = countiesOf(scope);
    for (let at = 0; at < owned.length; at += PARCELS_A_READ) {
      const page = owned.slice(at, at + PARCELS_A_READ);
      const details = byParcel(await this.parcels.byKeys(scope, page));
      for (const slots of page) {
        const parcel = details.get(ownedParcelKey(slots.parcelKey, slots.recordNumber));
        if (!parcel) continue; // loaded anew since the owners were grouped
        yield {
          owner_id: owner.id,
          ...portfolioParcel(parcel, slots, counties),
          owner_name: parcel.fields.owner_name ?? null,
          owner2_name: parcel.fields.owner2_name ?? null,
          mail_address: parcel.fields.mail_address ?? null,
          geometry: parcel.geometry,
        };
      }
    }
  }

  /** The owner in the customer's counties: not found when it holds nothing there, as one that does not exist. */
  async summary(scope: TrackerScope, ownerId: string): Promise<OwnerSummary> {
    const owner = await this.owners.summary(ownerId, scope.countyIds);
    if (!owner) throw new NotFoundException(NO_SUCH_OWNER);
    return owner;
  }
}

const summaryOf = (owner: OwnerSummary): Omit<OwnerMatch, 'score'> => ({
  owner_id: owner.id,
  name: owner.name,
  kind: owner.kind,
  parcels: owner.parcels,
  counties: owner.counties,
  parcels_elsewhere: owner.parcelsElsewhere,
  counties_elsewhere: owner.countiesElsewhere,
});

function byParcel(found: FoundParcel[]): Map<string, FoundParcel> {
  return new Map(found.map((parcel) => [ownedParcelKey(parcel.parcelKey, parcel.recordNumber), parcel]));
}

function countiesOf(scope: TrackerScope): Map<string, CountyRecord> {
  return new Map(scope.records.map((record) => [record.id, record]));
}

function portfolioParcel(
  parcel: FoundParcel,
  owned: OwnedParcel,
  counties: Map<string, CountyRecord>,
): PortfolioParcel {
  const county = counties.get(owned.countyId)!;
  const { fields } = parcel;
  return {
    parcel_key: parcel.parcelKey,
    county_fips: parcel.countyFips,
    county: county.name,
    state: county.stateCode,
    role: owned.slots.length === 2 ? 'both' : owned.slots[0] === 1 ? 'owner' : 'owner2',
    site_address: fields.site_address ?? null,
    assessed_total_value: numberOf(fields.assessed_total_value),
    last_sale_date: fields.last_sale_date ?? null,
    last_sale_price: numberOf(fields.last_sale_price),
  };
}

function numberOf(value: string | undefined): number | null {
  const number = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Parcels by name (or address), the most first, each name once. */
function tally(pairs: [string, number][]): { name: string; parcels: number }[] {
  const counts = new Map<string, number>();
  for (const [name, parcels] of pairs) counts.set(name, (counts.get(name) ?? 0) + parcels);
  return [...counts]
    .map(([name, parcels]) => ({ name, parcels }))
    .sort((a, b) => b.parcels - a.parcels || a.name.localeCompare(b.name));
}
