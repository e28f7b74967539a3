import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteRequest } from '@shared/schemas/invitations';
import { client, data, type Schema } from '../../lib/client';
import { compactQuery } from '../../lib/queryParams';
import { taskKeys } from './api';
import { onBehalfOf, useActingFor } from '../agencies/actingFor';

export type InvitationForCompany = Schema<'InvitationForCompany'>;
export type InvitationForInfluencer = Schema<'InvitationForInfluencer'>;

/**
 * 邀请 (issue 14): the owner's invitations of a task, the influencer's received invitations, and the
 * actions on them; 结束招募 of a task with several slots. Kept apart from `api.ts`, which the hall loads.
 */
export const invitationKeys = {
  ofTask: taskKeys.invitations,
  mine: ['tasks', 'mine', 'invitations'] as const,
};

/** GET /api/task-invitations?taskId= — the owning company: the list and what is left of today's limit. */
export const taskInvitationsQuery = (taskId: string) =>
  queryOptions({
    queryKey: invitationKeys.ofTask(taskId),
    queryFn: ({ signal }) => data(client.GET('/api/task-invitations', { signal, params: { query: compactQuery({ taskId }) } })),
    staleTime: 5_000,
  });

/** GET /api/me/invitations — the signed-in influencer's invitations (or those of the influencer an agency acts for), newest first. */
export const myInvitationsQuery = (as: string | null = null) =>
  queryOptions({
    queryKey: as ? [...invitationKeys.mine, as] : invitationKeys.mine,
    queryFn: ({ signal }) => data(client.GET('/api/me/invitations', { signal, params: { query: onBehalfOf(as) } })).then((r) => r.items),
    staleTime: 5_000,
  });

/** POST /api/task-invitations — the owner invites an influencer (the recommendations keep their list: the card says 已邀请). */
export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteRequest) => data(client.POST('/api/task-invitations', { body })),
    onSettled: (_d, _e, body) => qc.invalidateQueries({ queryKey: invitationKeys.ofTask(body.taskId) }),
  });
}

/** The owner takes back a pending invitation. */
export function useWithdrawInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; taskId: string }) => data(client.POST('/api/task-invitations/{id}/withdraw', { params: { path: { id } } })),
    onSettled: (_d, _e, v) => qc.invalidateQueries({ queryKey: invitationKeys.ofTask(v.taskId) }),
  });
}

/** The invited influencer accepts (an accepted application and its deal) or declines with a reason. */
export function useAnswerInvitation() {
  const qc = useQueryClient();
  const as = useActingFor();
  return useMutation({
    mutationFn: (
      v: { id: string; taskId: string; action: 'accept' } | { id: string; taskId: string; action: 'decline'; reason: string },
    ): Promise<Schema<'AcceptInvitationResponse'> | Schema<'InvitationResponse'>> =>
      v.action === 'accept'
        ? data(client.POST('/api/task-invitations/{id}/accept', { params: { path: { id: v.id }, query: onBehalfOf(as) } }))
        : data(client.POST('/api/task-invitations/{id}/decline', { params: { path: { id: v.id }, query: onBehalfOf(as) }, body: { reason: v.reason } })),
    onSettled: (_d, _e, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: invitationKeys.mine }),
        qc.invalidateQueries({ queryKey: taskKeys.detail(v.taskId) }),
        qc.invalidateQueries({ queryKey: taskKeys.myApplications }),
        qc.invalidateQueries({ queryKey: ['deals'] }),
      ]),
  });
}

/** 结束招募: an open task with several slots and at least one hired stops recruiting (owning company). */
export function useCloseRecruiting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId }: { taskId: string }) => data(client.POST('/api/tasks/{id}/close-recruiting', { params: { path: { id: taskId } } })),
    onSettled: (_d, _e, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: taskKeys.companyTasks }),
        qc.invalidateQueries({ queryKey: taskKeys.detail(v.taskId) }),
        qc.invalidateQueries({ queryKey: taskKeys.applications(v.taskId) }),
        qc.invalidateQueries({ queryKey: invitationKeys.ofTask(v.taskId) }),
        qc.invalidateQueries({ queryKey: ['tasks', 'hall'] }),
      ]),
  });
}

/** A task that may stop recruiting now: open, several slots, at least one hired. */
export const canCloseRecruiting = (task: { status: string; slots: number; currentApplicants: number }) =>
  task.status === 'open' && task.slots > 1 && task.currentApplicants >= 1;
