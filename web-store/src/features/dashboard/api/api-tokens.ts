import type { components } from '@web-shared/api-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/http';

/** One of the customer's API tokens as the list shows it: never its secret. */
export type ApiToken = components['schemas']['ApiTokenDto'];
/** A token just made: the one answer that carries its secret. */
export type CreatedApiToken = components['schemas']['CreatedApiTokenDto'];

export const apiTokensQuery = {
  queryKey: ['api-tokens'],
  queryFn: () => getJson<ApiToken[]>('/api/tokens'),
} as const;

/** The customer's live API tokens, newest first; asked for only once signed in. */
export function useApiTokens(enabled: boolean) {
  return useQuery({ ...apiTokensQuery, enabled });
}

/** Creates a token and refetches the list; the secret is in the mutation's answer only, never in the cache. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => sendJson<CreatedApiToken>('POST', '/api/tokens', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => sendJson<ApiToken>('DELETE', `/api/tokens/${encodeURIComponent(token.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery.queryKey }),
  });
}
