import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@web-shared/api-types';
import { adminKeys, getJson, sendJson } from '@/lib/api';
import type { MentionKey } from './owner-text';

type Schemas = components['schemas'];
/** An owner a search found (GET /api/admin/owners), in every county. */
export type OwnerRow = Schemas['AdminOwnerDto'];
/** An owner as staff audit it (GET /api/admin/owners/{id}). */
export type OwnerDetail = Schemas['AdminOwnerDetailDto'];
export type OwnerEvidence = Schemas['OwnerEvidenceDto'];
export type OwnerSpelling = Schemas['OwnerSpellingDto'];
export type OwnerDecision = Schemas['OwnerDecisionDto'];
export type OwnerDecided = Schemas['OwnerDecidedDto'];

const ownersKey = ['admin', 'owners'] as const;
const detailKey = (id: string) => [...ownersKey, 'detail', id] as const;
/** The most owners a search shows: staff narrow the name rather than page. */
export const SEARCH_LIMIT = 50;

/** Owners by name, best matches first; nothing is asked until a name is long enough to search. */
export const useOwnerSearch = (name: string | null) =>
  useQuery({
    queryKey: [...ownersKey, 'search', name],
    queryFn: () =>
      getJson<Schemas['AdminOwnerMatchesDto']>(
        `/api/admin/owners?${new URLSearchParams({ name: name!, limit: String(SEARCH_LIMIT) }).toString()}`,
      ),
    enabled: name !== null,
    placeholderData: keepPreviousData,
    // A refused question stays refused: asking again would only repeat the message.
    retry: false,
  });

export const useOwner = (id: string) =>
  useQuery({
    queryKey: detailKey(id),
    queryFn: () => getJson<OwnerDetail>(`/api/admin/owners/${encodeURIComponent(id)}`),
    // An owner merged away or regrouped is gone for good: a 404 is the answer, not a hiccup.
    retry: false,
  });

/**
 * A split or merge: once answered (or refused), the owner is read again, every search with it, and the
 * audit log, which lists the decision.
 */
function useOwnerDecision<Input>(send: (input: Input) => Promise<OwnerDecided>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      for (const queryKey of [ownersKey, adminKeys.auditLog]) void client.invalidateQueries({ queryKey });
    },
  });
}

const base = (ownerId: string) => `/api/admin/owners/${encodeURIComponent(ownerId)}`;

/** Moves these names at mailing addresses off the owner into an owner of their own (admin only). */
export const useSplitOwner = (ownerId: string) =>
  useOwnerDecision((input: { mentions: MentionKey[]; reason: string }) =>
    sendJson<OwnerDecided>('POST', `${base(ownerId)}/split`, input),
  );

/** Makes the owner part of another, whose id stays (admin only). */
export const useMergeOwner = (ownerId: string) =>
  useOwnerDecision((input: { intoOwnerId: string; reason: string }) =>
    sendJson<OwnerDecided>('POST', `${base(ownerId)}/merge`, input),
  );
