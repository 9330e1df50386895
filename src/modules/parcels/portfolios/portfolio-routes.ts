import { StreamableFile } from '@nestjs/common';
import type { ApiParamOptions } from '@nestjs/swagger';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { attachmentDisposition } from '../../../integrations/storage/attachment-disposition';
import type { TrackerScope } from '../lookup/parcel-lookup.service';
import type { ExportFormat } from './dto/owner-query.dto';
import type { OwnerPortfolioService } from './owner-portfolio.service';
import { EXPORT_TYPES, exportChunks } from './portfolio-export';

export const SEARCH_DEFAULT_MATCHES = 10;
export const PORTFOLIO_DEFAULT_PAGE = 100;
export const OWNER_ID_PARAM: ApiParamOptions = {
  name: 'ownerId',
  format: 'uuid',
  description: 'An owner_id, as owner search and a parcel’s owner_id give it',
};

/**
 * An owner's parcels in the customer's counties as a file to save: the owner is looked up first (a
 * 404 before any byte), then the file streams a thousand parcels at a time. Never kept by a browser
 * or proxy: it holds owners and values.
 */
export async function exportFile(
  portfolios: OwnerPortfolioService,
  scope: TrackerScope,
  ownerId: string,
  format: ExportFormat,
  res: Response,
): Promise<StreamableFile> {
  const owner = await portfolios.summary(scope, ownerId);
  const slug =
    owner.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'owner';
  res.set({
    'Content-Type': EXPORT_TYPES[format],
    'Content-Disposition': attachmentDisposition(`${slug}-parcels.${format}`),
    'Cache-Control': 'private, no-store',
  });
  return new StreamableFile(Readable.from(exportChunks(format, portfolios.exported(scope, ownerId))));
}
