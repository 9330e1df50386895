import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * The data-read defaults of docs/store-spec.md §7: never stale, no refetch on focus or interval, no retries.
 * `onError` hears every failed read and write (the admin console uses it to notice an ended session).
 */
export function createQueryClient(onError?: (error: Error, meta: Record<string, unknown> | undefined) => void) {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError?.(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => onError?.(error, mutation.meta) }),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}
