import { Injectable, NotFoundException } from '@nestjs/common';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { csvSampleOf } from '../dataset-sample';
import { ReleasesRepository } from './releases.repository';

/** How many records staff see of a county's file before publishing it. */
export const PREVIEW_RECORDS = 10;

/** The first records of a county file: its columns and each record's values in their order. */
export interface RecordsPreview {
  columns: string[];
  records: string[][];
}

/**
 * Splits RFC 4180 CSV text into rows (quoted fields may hold commas, doubled quotes and line
 * breaks). Only for the few records of a preview, which are already in memory.
 */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A preview of a county's file in a release, read from storage only as far as its first records. */
@Injectable()
export class ReleasePreviewService {
  constructor(
    private readonly releases: ReleasesRepository,
    private readonly storage: DatasetStorage,
  ) {}

  async preview(releaseId: string, countyId: string): Promise<RecordsPreview> {
    if (!(await this.releases.find(releaseId))) throw new NotFoundException('Release not found');
    const key = await this.releases.countyFileKey(releaseId, countyId);
    if (!key) throw new NotFoundException('This county has no file in the release');
    const chunks: Buffer[] = [];
    for await (const chunk of csvSampleOf(this.storage.read(key), PREVIEW_RECORDS)) chunks.push(chunk);
    const [columns = [], ...records] = parseCsvRows(Buffer.concat(chunks).toString('utf8'));
    return { columns, records };
  }
}
