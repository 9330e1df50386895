import { Injectable, Logger } from '@nestjs/common';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { CountiesRepository } from '../../counties';
import { CountyDataset, CountyDatasetsRepository } from '../files/county-datasets.repository';
import { CompareJobData, QaFlag } from '../releases.constants';
import { ReleasesRepository } from '../releases.repository';
import { changeFileKey, readHeader, storeChangeFile, StoredChangeFile } from './change-file';
import { ComparedFile, ComparisonRepository, ParcelChanges } from './comparison.repository';
import { FileFacts, qaFlags } from './qa-flags';

/**
 * The `compare` job: a draft county file against the county's previous published release, by
 * parcel_id, in PostgreSQL (see ComparisonRepository); its duplicates, changes, change file and
 * flags go to its QA row, which makes the county ready to publish. Run again, it gives the same
 * result and replaces its change file in place.
 */
@Injectable()
export class CountyComparisonService {
  private readonly logger = new Logger('ReleaseComparison');

  constructor(
    private readonly releases: ReleasesRepository,
    private readonly datasets: CountyDatasetsRepository,
    private readonly counties: CountiesRepository,
    private readonly storage: DatasetStorage,
    private readonly comparisons: ComparisonRepository,
  ) {}

  /** Answers what it did, for the job's return value. */
  async compare({ releaseId, countyId }: CompareJobData): Promise<string> {
    const release = await this.releases.find(releaseId);
    if (!release) return `Release ${releaseId} does not exist; nothing to compare`;
    const county = await this.counties.findRecord(countyId, { includeRemoved: true });
    if (!county) return `County ${countyId} does not exist; nothing to compare`;
    const where = `county ${county.fips} of release ${release.month}`;
    // Comparisons of one county take turns: a later one (a newer file) never interleaves its writes with ours.
    return this.comparisons.session(`release-compare:${releaseId}:${countyId}`, async (session) => {
      const row = await this.releases.qaRow(releaseId, countyId);
      if (!row || (row.status !== 'checking' && row.status !== 'ready')) {
        return `The ${where} awaits no comparison (${row ? row.status : 'not ingested'})`;
      }
      const file = await this.datasets.findById(row.datasetId);
      if (!file) throw new Error(`The file of the ${where} (dataset ${row.datasetId}) is not recorded`);
      const awaited = { releaseId, countyId, datasetId: file.id, sha256: file.sha256 };
      const label = `The file of the ${where}`;
      const previousFile = await this.datasets.previousPublished(countyId, release.month);
      const previousLabel = previousFile && `The previous release's file (${previousFile.release}) of the ${where}`;
      const columns = await this.columns(file, label);
      const previousColumns = previousFile ? await this.columns(previousFile, previousLabel!) : [];
      // Records are hashed over both files' columns, so that a column one file lacks counts as empty.
      const union = [...new Set([...columns, ...previousColumns])];
      const toCompare = (stored: CountyDataset, name: string, fileColumns: string[]): ComparedFile => ({
        columns: fileColumns,
        gzipCsv: () => this.storage.read(stored.storageKey),
        name: `${name} (${stored.storageKey})`,
      });
      const files = [
        toCompare(file, label, columns),
        ...(previousFile ? [toCompare(previousFile, previousLabel!, previousColumns)] : []),
      ];
      const indexedFiles = await session.index(files, union);
      const [current, indexed] = indexedFiles;
      const duplicates = await session.duplicateParcelIds(indexedFiles);
      const duplicateParcelIds = duplicates[0];
      const duplicatedShapes = await session.duplicatedShapes(current);

      let previous: FileFacts | null = null;
      let changes: ParcelChanges | null = null;
      let changeFile: StoredChangeFile | null = null;
      const changeKey = changeFileKey(release.month, county.fips);
      if (previousFile) {
        previous = previousFile.keyFieldCounts
          ? { records: previousFile.records, keyFieldCounts: previousFile.keyFieldCounts }
          : { records: indexed.records, keyFieldCounts: indexed.keyFieldCounts };
        const found = await session.findChanges(current, indexed, duplicates);
        // The records that differ, read again in full: a few percent of each file.
        const staged = await session.stageRecords(found, current, indexed, files);
        const compared = await session.fieldChanges(found, staged);
        changes = compared;
        // Checked before writing too: a file replaced meanwhile must not have its change file overwritten by ours.
        if (!(await this.stillAwaited(awaited))) return this.stale(where);
        changeFile = await storeChangeFile(this.storage, changeKey, session.changeRows(compared.changes));
      }

      const flags: QaFlag[] = qaFlags(
        {
          records: row.records,
          keyFieldCounts: row.keyFieldCounts,
          invalidValueCount: row.invalidValueCount,
          shapeChecks: row.shapeChecks,
          columns: current.columns.length,
        },
        previous,
        changes,
      );
      const recorded = await this.releases.transaction(async (db) => {
        if (!(await this.releases.lockForComparison(db, awaited))) return false;
        const changeDataset =
          changeFile &&
          (await this.datasets.recordDraftFile(db, {
            countyId,
            release: release.month,
            releaseId,
            kind: 'changes',
            storageKey: changeKey,
            ...changeFile,
          }));
        return this.releases.recordCompared(db, {
          releaseId,
          countyId,
          datasetId: file.id,
          changeDatasetId: changeDataset?.id ?? null,
          duplicateParcelIds,
          duplicatedShapes,
          previousRelease: previousFile?.release ?? null,
          added: changes?.added ?? null,
          removed: changes?.removed ?? null,
          changed: changes?.changed ?? null,
          changedFields: changes?.changedFields ?? null,
          flags,
        });
      });
      if (!recorded) return this.stale(where);
      const summary = changes
        ? `${changes.added} added, ${changes.removed} removed, ${changes.changed} changed since ${previousFile!.release}`
        : 'first release, nothing to compare with';
      const done = `Compared the ${where}: ${summary}; ${duplicateParcelIds} duplicate parcel ids; flags: ${flags.join(', ') || 'none'}`;
      this.logger.log(done);
      return done;
    });
  }

  private stillAwaited(awaited: Parameters<ReleasesRepository['lockForComparison']>[1]): Promise<boolean> {
    return this.releases.transaction((db) => this.releases.lockForComparison(db, awaited));
  }

  private stale(where: string): string {
    const message = `The ${where} was replaced or published during its comparison; the newer file is compared on its own`;
    this.logger.log(message);
    return message;
  }

  /** A stored county file's columns, from its header; a file that cannot be read fails the job naming it. */
  private async columns(file: CountyDataset, label: string): Promise<string[]> {
    try {
      return await readHeader(this.storage.read(file.storageKey));
    } catch (error) {
      throw new Error(`${label} (${file.storageKey}) cannot be compared: ${(error as Error).message}`);
    }
  }
}
