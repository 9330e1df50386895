import { Injectable, NotFoundException } from '@nestjs/common';
import { parseCsv } from '../../common/csv';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { csvSampleOf } from '../data-schema';
import { ReleasesRepository } from './releases.repository';

/** How many records staff see of a county's file before publishing it. */
export const PREVIEW_RECORDS = 10;

/** The first records of a county file: its columns and each record's values in their order. */
export interface RecordsPreview {
  columns: string[];
  records: string[][];
}

/** The rows of a preview's CSV text, blank lines left out (a file may end in one). */
export function parseCsvRows(text: string): string[][] {
  return parseCsv(text).filter((row) => row.length > 1 || row[0] !== '');
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
