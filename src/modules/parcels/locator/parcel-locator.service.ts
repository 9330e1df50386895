import { Injectable, NotFoundException } from '@nestjs/common';
import { boundingBox, compareByStateThenName, CountiesRepository, countyBoundary } from '../../counties';
import { scopeOfCounties } from '../lookup/parcel-lookup.repository';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import { type LonLat, ParcelLocatorRepository } from './parcel-locator.repository';

/** West, south, east, north in degrees (WGS 84). */
export type Box = [number, number, number, number];

export interface PreviewPlace {
  countyId: string;
  fips: string;
  /** The county's outline's box (Census 1:10,000,000), or a box around the point where there is none. */
  bbox: Box;
  /** Inside a parcel near the middle of the county: where the preview shows outlines. */
  point: LonLat;
}

export interface MapCounty {
  id: string;
  fips: string;
  name: string;
  state: string;
  bbox: Box | null;
}

export interface MapStart {
  counties: MapCounty[];
  /** The box around every county of the list; null when none has an outline. */
  bbox: Box | null;
  /** Inside a parcel of the list's counties, near the middle of the first: null while the store holds none. */
  point: LonLat | null;
}

export const NO_PREVIEW =
  'The store holds no parcels of this county yet, or it is not on sale: its preview map shows once its parcels are loaded.';
/** A county the Census does not draw gets a box this many degrees each way around its point. */
const POINT_BOX = 0.02;

/**
 * Where a map of parcels opens: the public preview of a county on sale, and a County Tracker
 * subscriber's map of their counties. The counties' outlines come from the Census drawing the
 * store ships (no database), the point with parcels from the parcel store.
 */
@Injectable()
export class ParcelLocatorService {
  constructor(
    private readonly parcels: ParcelLocatorRepository,
    private readonly counties: CountiesRepository,
    private readonly lookups: ParcelLookupService,
  ) {}

  async previewPlace(countyId: string): Promise<PreviewPlace> {
    const county = await this.counties.findRecord(countyId, { includeRemoved: false });
    if (!county) throw new NotFoundException(NO_PREVIEW);
    const bbox = boxOf(county.fips);
    const scope = scopeOfCounties([{ id: county.id, state: county.stateCode }]);
    const point = await this.parcels.parcelPoint(scope, bbox && middle(bbox));
    if (!point) throw new NotFoundException(NO_PREVIEW);
    return { countyId: county.id, fips: county.fips, bbox: bbox ?? around(point), point };
  }

  /** The signed-in customer's County Tracker counties (refused without one), by state and name. */
  async mapStart(userId: string): Promise<MapStart> {
    const scope = await this.lookups.scopeOf(userId);
    const records = [...scope.records].sort(compareByStateThenName);
    const counties = records.map(({ id, fips, name, state }) => ({ id, fips, name, state, bbox: boxOf(fips) }));
    const boxes = counties.map((county) => county.bbox).filter((box): box is Box => box !== null);
    const bbox = boxes.length === 0 ? null : union(boxes);
    return { counties, bbox, point: await this.parcels.parcelPoint(scope, boxes[0] ? middle(boxes[0]) : null) };
  }
}

function boxOf(fips: string): Box | null {
  const boundary = countyBoundary(fips);
  if (!boundary) return null;
  const { west, south, east, north } = boundingBox(boundary);
  return [west, south, east, north];
}

const middle = ([west, south, east, north]: Box): LonLat => [(west + east) / 2, (south + north) / 2];
const around = ([lon, lat]: LonLat): Box => [lon - POINT_BOX, lat - POINT_BOX, lon + POINT_BOX, lat + POINT_BOX];
const union = (boxes: Box[]): Box => [
  Math.min(...boxes.map((box) => box[0])),
  Math.min(...boxes.map((box) => box[1])),
  Math.max(...boxes.map((box) => box[2])),
  Math.max(...boxes.map((box) => box[3])),
];
