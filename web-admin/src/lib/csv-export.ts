import { useState } from 'react';
import { messageOf } from './api';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv';
import { useNotify } from './notify';

/**
 * A table's "Export CSV": every row its search and filter keep, in its order, read from the server
 * page by page (the table itself holds one page), then saved as "{prefix}-YYYY-MM-DD.csv". The button
 * says how far the reading has got, so a long list does not look stuck.
 */
export function useCsvExport<Row>(
  prefix: string,
  columns: readonly CsvColumn<Row>[],
  fetchAll: (onProgress: (read: number, total: number) => void) => Promise<Row[]>,
) {
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);

  async function run(): Promise<void> {
    setProgress(0);
    try {
      const rows = await fetchAll((read, total) => setProgress(total ? Math.floor((read / total) * 100) : 100));
      downloadCsv(csvFileName(prefix), toCsv(rows, columns));
    } catch (error) {
      notify.error('Export failed', messageOf(error, '') || undefined);
    } finally {
      setProgress(null);
    }
  }

  return {
    run: () => void run(),
    running: progress !== null,
    label: progress === null ? 'Export CSV' : `Exporting… ${progress}%`,
  };
}
