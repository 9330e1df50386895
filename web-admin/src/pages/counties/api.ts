import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson, sendJson } from '@/lib/api';
import type { CountyPayload } from './county-form';

/** A county of the catalog (GET /api/counties), as PUT /api/admin/counties/{id} also answers it. */
export type County = components['schemas']['CatalogCountyDto'];
type RemovedCounty = components['schemas']['RemovedCountyDto'];

export const countiesQuery = queryOptions({
  queryKey: adminKeys.counties,
  // The catalog answers with an ETag and no-cache, so the browser revalidates and a refetch after an edit
  // gets the changed list (the server replaces the catalog and its ETag in the same request).
  queryFn: () => getJson<County[]>('/api/counties'),
});

export const useCounties = () => useQuery(countiesQuery);

/** After a change: the list refetches, and the audit log, which records each change, is read afresh when opened. */
function refreshAfterChange(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: adminKeys.auditLog });
  return client.invalidateQueries({ queryKey: adminKeys.counties });
}

/** PUT /api/admin/counties/{id}; the list is refetched once it succeeds. */
export function useUpdateCounty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: CountyPayload }) =>
      sendJson<County>('PUT', `/api/admin/counties/${encodeURIComponent(id)}`, payload),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** DELETE /api/admin/counties/{id}; the list is refetched once it succeeds. */
export function useDeleteCounty() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<RemovedCounty>('DELETE', `/api/admin/counties/${encodeURIComponent(id)}`),
    onSuccess: () => refreshAfterChange(client),
  });
}
