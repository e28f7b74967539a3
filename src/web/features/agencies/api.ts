import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterInvitationRequest } from '@shared/schemas/agencies';
import { client, clientOf, data } from '../../lib/client';
import { rosterKey } from './rosterQuery';

export const agencyKeys = {
  all: ['agencies'] as const,
  roster: rosterKey,
  mine: ['agencies', 'mine'] as const,
  page: (id: string) => ['agencies', 'page', id] as const,
};

/** GET /api/agencies/{id} — the public agency page */
export const agencyPageQuery = (id: string) =>
  queryOptions({
    queryKey: agencyKeys.page(id),
    // the query client's own transport: on the server that is the render's (decision 0034)
    queryFn: ({ signal, client: cache }) => data(clientOf(cache).GET('/api/agencies/{id}', { params: { path: { id } }, signal })),
  });

// the roster's query is its own light module: the acting banner on the hall and the task page reads it (decision 0021)
export { rosterQuery } from './rosterQuery';

/** GET /api/me/agency-invitations — the influencer's invitations, agency and history */
export const myAgencyQuery = queryOptions({
  queryKey: agencyKeys.mine,
  queryFn: ({ signal }) => data(client.GET('/api/me/agency-invitations', { signal })),
});

export function useInviteToRoster() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterInvitationRequest) => data(client.POST('/api/agency/roster-invitations', { body })),
    onSettled: () => qc.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

export function useEndByAgency() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (influencerId: string) => data(client.POST('/api/agency/roster/{influencerId}/end', { params: { path: { influencerId } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

export function useAnswerAgencyInvitation() {
  const qc = useQueryClient();
  return useMutation({
    // an accept names the share the influencer read: the agency may have changed it since (409 AGENCY_INVITATION_CHANGED)
    mutationFn: ({ id, answer, shareBps }: { id: string; answer: 'accept' | 'decline'; shareBps?: number }) =>
      answer === 'accept'
        ? data(client.POST('/api/agency-invitations/{id}/accept', { params: { path: { id } }, body: { shareBps } }))
        : data(client.POST('/api/agency-invitations/{id}/decline', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

export function useEndMyAgency() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.POST('/api/me/agency/end')),
    onSettled: () => qc.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

/** the agency withdraws a pending invitation */
export function useWithdrawRosterInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => data(client.POST('/api/agency/roster-invitations/{id}/withdraw', { params: { path: { id } } })),
    onSettled: () => qc.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}

/** the agency changes a pending invitation's share */
export function useChangeRosterInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shareBps }: { id: string; shareBps: number }) =>
      data(client.PATCH('/api/agency/roster-invitations/{id}', { params: { path: { id } }, body: { shareBps } })),
    onSettled: () => qc.invalidateQueries({ queryKey: agencyKeys.all }),
  });
}
