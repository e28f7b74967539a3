import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_EVENTS, PARTY_EVENTS, type DealEvent } from '@shared/deals';
import type { ReviewForm } from '@shared/schemas/reviews';
import { uploadFile, type UploadOptions } from '../../lib/api';
import type { paths } from '../../lib/apiTypes';
import { client, data, type Schema } from '../../lib/client';
import { onBehalfOf, useActingFor } from '../agencies/actingFor';

export const dealKeys = {
  all: ['deals'] as const,
  list: (status: 'active' | 'closed' | 'all') => ['deals', 'list', status] as const,
  deal: (id: string) => ['deals', 'deal', id] as const,
};

/** GET /api/deals/:id — the deal as the viewer may see it, with the actions allowed now (`as`: an agency acting for the influencer) */
export const dealQuery = (id: string, as: string | null = null) =>
  queryOptions({
    queryKey: as ? [...dealKeys.deal(id), as] : dealKeys.deal(id),
    // the typed client: path, parameters and result come from the API document (decision 0031)
    queryFn: ({ signal }) => data(client.GET('/api/deals/{id}', { params: { path: { id }, query: onBehalfOf(as) }, signal })),
    // the other side acts too: look again while the page is open
    refetchInterval: 30_000,
  });

/** GET /api/deals — the signed-in party's deals (`as`: those an agency made for a roster influencer) */
export const myDealsQuery = (status: 'active' | 'closed' | 'all' = 'all', as: string | null = null) =>
  queryOptions({
    queryKey: as ? [...dealKeys.list(status), as] : dealKeys.list(status),
    queryFn: ({ signal }) =>
      data(client.GET('/api/deals', { params: { query: { ...(status === 'all' ? {} : { status }), ...onBehalfOf(as) } }, signal })).then((r) => r.items),
  });

/**
 * The events a person fires: each is its own operation, POST /api/deals/{id}/events/<event> (decision
 * 0031), whose body is that event's form. The platform's own events (funded, auto_confirm, …) are none.
 */
type DealEventPath = Extract<keyof paths, `/api/deals/{id}/events/${string}`>;
export type FiredDealEvent = DealEventPath extends `/api/deals/{id}/events/${infer E}` ? E : never;
/** the body of one event: its form in the document (`{}` for an event without one) */
export type DealEventBody<E extends FiredDealEvent> = NonNullable<paths[`/api/deals/{id}/events/${E}`]['post']['requestBody']>['content']['application/json'];
/** an event with its body, for any fired event (the event name picks the body's type) */
export type DealEventCall = { [E in FiredDealEvent]: { event: E; body: DealEventBody<E> } }[FiredDealEvent];

const FIRED = new Set<string>([...PARTY_EVENTS, ...ADMIN_EVENTS]);
/** an event a person may fire (the deal's `actions` list only those) */
export const isFiredDealEvent = (e: DealEvent): e is FiredDealEvent & DealEvent => FIRED.has(e);

/** POST /api/deals/{id}/events/<event> with that event's form */
export function postDealEvent<E extends FiredDealEvent>(id: string, event: E, body: DealEventBody<E>, as: string | null = null): Promise<Schema<'DealDetail'>> {
  // one path per event: openapi-fetch checks a literal path, so the generic one is widened to the union of
  // the event paths here; the signature above ties the body's type to the event
  const path = `/api/deals/{id}/events/${event}` as DealEventPath;
  // an influencer's event may be fired by the agency acting for them; the server refuses onBehalfOf on the company's
  return data(client.POST(path, { params: { path: { id }, query: onBehalfOf(as) }, body: body as DealEventBody<FiredDealEvent> }));
}

export function useDealEvent(id: string) {
  const qc = useQueryClient();
  const as = useActingFor();
  return useMutation({
    mutationFn: ({ event, body }: DealEventCall) => postDealEvent(id, event, body, as),
    // the event answers the deal as GET answers it (decision 0056): the page shows it at once
    onSuccess: (deal) => qc.setQueryData(dealQuery(id, as).queryKey, deal),
    onSettled: () => qc.invalidateQueries({ queryKey: dealKeys.all }),
  });
}

/** one private deal image (report screenshot, dispute evidence) */
export const uploadDealFile = (file: Blob, opts: UploadOptions = {}) => uploadFile<Schema<'UploadResponse'>>('/api/uploads?purpose=deal-file', file, opts);

/** POST /api/deals/:id/review — the viewer's review of the other side (decision 0015) */
export function useWriteReview(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewForm) => data(client.POST('/api/deals/{id}/review', { params: { path: { id: dealId } }, body })),
    onSettled: () => qc.invalidateQueries({ queryKey: dealKeys.deal(dealId) }),
  });
}

/** POST /api/reviews/:id/reply — the reviewed side's one reply */
export function useReplyToReview(dealId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      data(client.POST('/api/reviews/{id}/reply', { params: { path: { id: reviewId } }, body: { reply } })),
    onSettled: () => qc.invalidateQueries({ queryKey: dealKeys.deal(dealId) }),
  });
}
