/** One owner named on a parcel of the parcel store, as the parcel store gives it to grouping. */
export interface ParcelOwnerMention {
  parcelKey: string;
  recordNumber: number;
  state: string;
  countyId: string;
  /** 1 for owner_name, 2 for owner2_name. */
  slot: 1 | 2;
  name: string;
  mail: { address: string; city: string; state: string; zip: string };
}

/** What grouping reads: every mention in the store (a batch at a time, as read), and a digest of what the store holds (its loads). */
export interface OwnerMentionSource {
  /** Changes whenever a county's parcels change: a grouping of the same is not run again. */
  fingerprint(): Promise<string>;
  mentions(): AsyncIterable<ParcelOwnerMention[]>;
}

/** A mailing address on one line, as staff and customers read it: "12 MAIN ST, DOVER DE 19901". */
export function mailLine({ address, city, state, zip }: ParcelOwnerMention['mail']): string {
  const place = [city.trim(), [state.trim(), zip.trim()].filter(Boolean).join(' ')].filter(Boolean).join(' ');
  return [address.trim(), place].filter(Boolean).join(', ');
}
