import type { components } from '@web-shared/api-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, HttpError } from '@/lib/http';

/** A batch append as the dashboard lists it: its progress, and its result once done. */
export type ParcelBatch = components['schemas']['ParcelBatchDto'];

/** While a batch is queued or running, the list is asked for again this often. */
export const BATCH_POLL_MS = 2000;

const isUnderWay = (batch: ParcelBatch) => batch.status === 'queued' || batch.status === 'running';

export const parcelBatchesQuery = {
  queryKey: ['parcel-batches'],
  queryFn: () => getJson<ParcelBatch[]>('/api/parcel-batches'),
} as const;

/** The customer's batches of the last 7 days, newest first; polled while any is under way. */
export function useParcelBatches(enabled: boolean) {
  return useQuery({
    ...parcelBatchesQuery,
    enabled,
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? BATCH_POLL_MS : false),
  });
}

/** The result's download, with the session (a redirect to object storage where files live there). */
export const batchResultPath = (batch: ParcelBatch) => `/api/parcel-batches/${encodeURIComponent(batch.id)}/result`;

/** Sends a CSV file as the request body (as `curl --data-binary` does), with the fields to append, if any. */
async function sendBatch({ file, fields }: { file: File; fields: string }): Promise<ParcelBatch> {
  const query = fields.trim() ? `?fields=${encodeURIComponent(fields.replace(/\s+/g, ''))}` : '';
  const res = await fetch(`/api/parcel-batches${query}`, {
    method: 'POST',
    credentials: 'include',
    // The file's own type may say Excel (application/vnd.ms-excel on Windows): the body is CSV all the same.
    headers: { 'Content-Type': 'text/csv' },
    body: file,
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    let message: string | null = null;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    throw new HttpError(res.status, `${res.status}: ${text}`, message);
  }
  return (await res.json()) as ParcelBatch;
}

export function useSendBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parcelBatchesQuery.queryKey }),
  });
}
