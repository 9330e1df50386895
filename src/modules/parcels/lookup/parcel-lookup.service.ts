import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { type CountyRecord, CountiesRepository } from '../../counties';
import type { DataField } from '../../data-schema';
import { OwnerDirectoryRepository, ownedParcelKey } from '../../owners';
import { SubscriptionsRepository } from '../../subscriptions';
import { normalizeAddress, normalizeOwnerName, parcelKey } from '../../../common/search-text';
import { MAX_BOX_DEGREES, MAX_BOX_PAGE, MAX_MATCHES, type ParcelQueryDto } from './dto/parcel-query.dto';
import { cursorOf, encodeCursor } from './parcel-cursor';
import { fieldNamesOf, type ParcelFeature, parcelFeature, type ParcelMatch, PROPERTY_FIELDS } from './parcel-feature';
import {
  type FoundParcel,
  type LookupScope,
  ParcelLookupRepository,
  scopeOfCounties,
} from './parcel-lookup.repository';

/** A list of parcels: a GeoJSON FeatureCollection, with the cursor of the next page of a box. */
export interface ParcelCollection {
  type: 'FeatureCollection';
  features: ParcelFeature[];
  next?: string | null;
}

/** The counties a customer's lookups answer from, by FIPS code too (to narrow a question to one). */
export interface CustomerScope extends LookupScope {
  idsByFips: Map<string, string>;
}

/** A customer's scope with the county records it was read from (names, states), for callers that show them. */
export interface TrackerScope extends CustomerScope {
  records: CountyRecord[];
}

export const NO_TRACKER =
  'Parcel lookups come with County Tracker: none of your subscriptions is an active County Tracker. ' +
  'Subscribe to a county with County Tracker to look up its parcels.';
export const ONE_QUESTION =
  'Ask one question a request: lat and lon (with radius for the nearest parcels); county and parcel; ' +
  'address; owner; or bbox.';
export const NO_SUCH_PARCEL =
  'No parcel of your counties has this parcel_key (the county FIPS code and the parcel number ' +
  'without separators, in capitals: 24510A12345).';
/**
 * How long county records (FIPS code, state, name) are kept between reads of the catalog: a FIPS
 * code or a state never changes, a name only when staff edit it.
 */
const COUNTY_RECORDS_SECONDS = 60;
const DEFAULT_MATCHES = 10;
const DEFAULT_BOX_PAGE = 100;
const PARCEL_KEY = /^\d{5}[0-9A-Z]{1,100}$/;

/**
 * Answers questions about single parcels from the parcel store (see ParcelLookupRepository), only
 * ever from the counties of a scope: a parcel outside them answers as if it did not exist.
 */
@Injectable()
export class ParcelLookupService {
  private countyRecordsRead: { byId: Map<string, CountyRecord>; until: number } | null = null;

  constructor(
    private readonly parcels: ParcelLookupRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly counties: CountiesRepository,
    private readonly owners: OwnerDirectoryRepository,
  ) {}

  /** The counties of a customer's active County Trackers; refused when they have none. */
  async scopeOf(userId: string): Promise<TrackerScope> {
    const ids = await this.subscriptions.trackerCountyIds(userId);
    if (ids.length === 0) throw new ForbiddenException(NO_TRACKER);
    const records = await this.countyRecords(ids);
    return { ...customerScope(records.map(({ id, fips, stateCode }) => ({ id, fips, state: stateCode }))), records };
  }

  /**
   * The records of these counties, from the catalog read at most a minute ago (or now, for a
   * county it lacks): a lookup asks the database only whose Trackers are active.
   */
  private async countyRecords(ids: string[]): Promise<CountyRecord[]> {
    const read = this.countyRecordsRead;
    if (!read || read.until < Date.now() || ids.some((id) => !read.byId.has(id))) {
      const all = await this.counties.allRecords();
      this.countyRecordsRead = {
        byId: new Map(all.map((record) => [record.id, record])),
        until: Date.now() + COUNTY_RECORDS_SECONDS * 1000,
      };
    }
    const { byId } = this.countyRecordsRead!;
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Every county the store holds: staff look up any parcel (the console). */
  async everywhere(): Promise<CustomerScope> {
    const stored = await this.parcels.storedCounties();
    return customerScope(stored.map(({ countyId, countyFips, state }) => ({ id: countyId, fips: countyFips, state })));
  }

  async find(scope: CustomerScope, query: ParcelQueryDto): Promise<ParcelCollection> {
    const fields = chosenFields(query.fields);
    const { lat, lon, radius, county, parcel, address, owner, bbox } = query;
    const asked = [
      lat !== undefined || lon !== undefined || radius !== undefined,
      parcel !== undefined,
      address !== undefined,
      owner !== undefined,
      bbox !== undefined,
    ].filter(Boolean).length;
    if (asked !== 1) throw new BadRequestException(ONE_QUESTION);
    if (query.cursor !== undefined && bbox === undefined) throw new BadRequestException('cursor goes with bbox');
    if (bbox !== undefined) return this.box(scope, bbox, query, fields);
    const limit = query.limit ?? DEFAULT_MATCHES;
    if (limit > MAX_MATCHES) {
      throw new BadRequestException(`limit must be at most ${MAX_MATCHES} but for a bbox (${MAX_BOX_PAGE})`);
    }
    const within = county === undefined ? scope : narrowed(scope, county);
    const answer = (found: FoundParcel[], kind: (parcel: FoundParcel) => ParcelMatch) =>
      this.features(found, fields, kind).then(collection);
    if (parcel !== undefined) {
      if (county === undefined) throw new BadRequestException('parcel goes with county: the county FIPS code');
      const key = parcelKey(county, parcel);
      if (key.length === county.length) throw new BadRequestException('parcel must hold letters or digits');
      return answer(await this.parcels.byKey(within, key, limit), () => ({ kind: 'parcel' }));
    }
    if (address !== undefined || owner !== undefined) {
      const text = address !== undefined ? normalizeAddress(address) : normalizeOwnerName(owner!);
      const kind = address !== undefined ? 'address' : 'owner';
      if (!text) throw new BadRequestException(`${kind} must hold letters or digits`);
      const found = await (kind === 'address'
        ? this.parcels.byAddress(within, text, limit)
        : this.parcels.byOwner(within, text, limit));
      return answer(found, (one) => ({ kind, score: one.score }));
    }
    if (county !== undefined) throw new BadRequestException('county goes with parcel, address or owner');
    if (lat === undefined || lon === undefined) throw new BadRequestException('lat and lon go together');
    if (radius === undefined) {
      return answer(await this.parcels.containing(scope, lon, lat, limit), () => ({ kind: 'point' }));
    }
    const found = await this.parcels.nearest(scope, lon, lat, radius, limit);
    return answer(found, (one) => ({ kind: 'nearest', distance_m: Math.round(one.distance! * 10) / 10 }));
  }

  /** One parcel by its key; a key outside the scope is not found, like one that does not exist. */
  async one(scope: LookupScope, key: string, fieldList?: string): Promise<ParcelFeature> {
    const fields = chosenFields(fieldList);
    // What cannot be a key is no parcel's: answered as not found, as any key outside the scope is.
    const [found] = PARCEL_KEY.test(key) ? await this.parcels.byKey(scope, key, 1) : [];
    if (!found) throw new NotFoundException(NO_SUCH_PARCEL);
    const [feature] = await this.features([found], fields, () => undefined);
    return feature;
  }

  /** The Features of found parcels, each with its owners' ids. */
  async features(
    found: FoundParcel[],
    fields: readonly DataField[],
    match: (parcel: FoundParcel) => ParcelMatch | undefined,
  ): Promise<ParcelFeature[]> {
    const owners = await this.owners.ownersOf(found);
    return found.map((one) =>
      parcelFeature(one, fields, owners.get(ownedParcelKey(one.parcelKey, one.recordNumber)), match(one)),
    );
  }

  private async box(
    scope: LookupScope,
    bbox: string,
    query: ParcelQueryDto,
    fields: readonly DataField[],
  ): Promise<ParcelCollection> {
    if (query.county !== undefined) throw new BadRequestException('county goes with parcel, address or owner');
    const box = boxOf(bbox);
    const limit = query.limit ?? DEFAULT_BOX_PAGE;
    const after = query.cursor === undefined ? null : cursorOf(query.cursor);
    // One more than the page: whether a next page exists, without counting.
    const found = await this.parcels.inBox(scope, box, after, limit + 1);
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    return {
      ...collection(await this.features(page, fields, () => ({ kind: 'bbox' }))),
      next: found.length > limit ? encodeCursor(last) : null,
    };
  }
}

/** The scope of these counties, with their ids by FIPS code. */
function customerScope(counties: { id: string; fips: string; state: string }[]): CustomerScope {
  return { ...scopeOfCounties(counties), idsByFips: new Map(counties.map((county) => [county.fips, county.id])) };
}

const collection = (features: ParcelFeature[]): ParcelCollection => ({ type: 'FeatureCollection', features });

/** The scope narrowed to one county by its FIPS code: nothing when it is not one of the scope's. */
function narrowed(scope: CustomerScope, fips: string): LookupScope {
  const id = scope.idsByFips.get(fips);
  return { countyIds: id ? [id] : [], states: scope.states };
}

/** The fields a `fields=` list names, in the schema's order; every field when there is no list. */
function chosenFields(list: string | undefined): readonly DataField[] {
  if (list === undefined) return PROPERTY_FIELDS;
  const names = fieldNamesOf(list);
  const wanted = new Set(names);
  return PROPERTY_FIELDS.filter((field) => wanted.has(field.name));
}

function boxOf(bbox: string): [number, number, number, number] {
  const [minLon, minLat, maxLon, maxLat] = bbox.split(',').map(Number);
  if ([minLon, maxLon].some((lon) => lon < -180 || lon > 180) || [minLat, maxLat].some((l) => l < -90 || l > 90)) {
    throw new BadRequestException('bbox must be minLon,minLat,maxLon,maxLat within -180 to 180 and -90 to 90');
  }
  if (minLon >= maxLon || minLat >= maxLat) {
    throw new BadRequestException('bbox must be minLon,minLat,maxLon,maxLat: each minimum below its maximum');
  }
  if (maxLon - minLon > MAX_BOX_DEGREES || maxLat - minLat > MAX_BOX_DEGREES) {
    throw new BadRequestException(
      `bbox may span at most ${MAX_BOX_DEGREES} degrees each way: ask for a larger area in smaller boxes`,
    );
  }
  return [minLon, minLat, maxLon, maxLat];
}
