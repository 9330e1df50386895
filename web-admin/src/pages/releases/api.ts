import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson, sendJson } from '@/lib/api';

export type Release = components['schemas']['ReleaseDto'];
export type QaRow = components['schemas']['QaRowDto'];
type ReleaseDetail = components['schemas']['ReleaseDetailDto'];
type RecordsPreview = components['schemas']['RecordsPreviewDto'];

const releasesKey = ['admin', 'releases'] as const;
const releaseKey = (id: string) => ['admin', 'releases', id] as const;

export const useReleases = () =>
  useQuery({ queryKey: releasesKey, queryFn: () => getJson<Release[]>('/api/admin/releases') });

/**
 * A release with its QA rows. A draft is read again every few seconds: files ingested into it
 * (from the upload page or the API) and their checks show up without a reload.
 */
export const useRelease = (id: string) =>
  useQuery({
    queryKey: releaseKey(id),
    queryFn: () => getJson<ReleaseDetail>(`/api/admin/releases/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (query.state.data?.release.status === 'draft' ? 3000 : false),
  });

export const usePreview = (releaseId: string, countyId: string | null) =>
  useQuery({
    queryKey: ['admin', 'releases', releaseId, 'preview', countyId],
    queryFn: () =>
      getJson<RecordsPreview>(
        `/api/admin/releases/${encodeURIComponent(releaseId)}/counties/${encodeURIComponent(countyId!)}/preview`,
      ),
    enabled: countyId !== null,
  });

export function useCreateRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => sendJson<Release>('POST', '/api/admin/releases', { month }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.auditLog });
      return client.invalidateQueries({ queryKey: releasesKey });
    },
  });
}

export function usePublishRelease(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choices: { exclude: string[]; acknowledge: string[] }) =>
      sendJson<Release>('POST', `/api/admin/releases/${encodeURIComponent(id)}/publish`, choices),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.auditLog });
      void client.invalidateQueries({ queryKey: ['admin', 'coverage'] });
      return client.invalidateQueries({ queryKey: releasesKey });
    },
  });
}
