import { BadRequestException } from '@nestjs/common';

/** A place in the order of parcel_key and record number: where a page ends. */
export interface ParcelCursor {
  parcelKey: string;
  recordNumber: number;
}

/** A cursor is where a page ended, opaque to callers: base64url of the parcel key and record number. */
export function encodeCursor(parcel: ParcelCursor): string {
  return Buffer.from(`${parcel.parcelKey}.${parcel.recordNumber}`).toString('base64url');
}

export function cursorOf(cursor: string): ParcelCursor {
  const match = /^(\d{5}[0-9A-Z]*)\.(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) throw new BadRequestException('cursor is not one this API gave: use the next of the page before');
  return { parcelKey: match[1], recordNumber: Number(match[2]) };
}
