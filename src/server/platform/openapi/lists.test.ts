/**
 * One list shape (decision 0054), checked over the built document so a new list cannot drift: every GET whose
 * answer carries a collection is a list — it answers `{ items, total, page, limit }` (integers) and takes the
 * `page` and `limit` query parameters — unless it is one resource whose arrays are parts of it (RESOURCES below,
 * each with its reason; the set must stay exact). Operations named `list…` / `adminList…` are lists whatever their
 * shape. And the values of a set are enums: deal states and event names wherever they appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_EVENT_NAMES, DEAL_STATES } from '../../../shared/deals';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/schemas/webhooks';
import { buildApiDocument } from './build';

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; anyOf?: Schema[] };
type Operation = {
  operationId: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; schema?: Schema }[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> }; webhooks?: Record<string, unknown> };

/** GETs whose arrays belong to one resource (or a view of several), not a list of it — each with why. */
const RESOURCES: Record<string, string> = {
  getTask: 'the task (its requirements)',
  getTaskByQuery: 'deprecated alias of getTask',
  getVideo: 'the video and its related videos',
  getVideoByQuery: 'deprecated alias of getVideo',
  getInfluencer: 'the influencer page: reviews, completed work, similar (a few each)',
  getInfluencerByQuery: 'deprecated alias of getInfluencer',
  getCompany: 'the company page: its open and past tasks and reviews (a few each)',
  getAgency: 'the agency page with its roster',
  getAgencyRoster: 'the roster page: current members, invitations sent, history',
  getAgencyWorkspace: 'the workspace: one month per roster member',
  getAgencyEarnings: 'a report of the last 12 months',
  getAgencySettlement: 'a report of a range: totals, per influencer, and its deals as a list inside (`deals`: items, total, page, limit)',
  getMyAgencyInvitations: "the influencer's agency page: invitations, current agency, history",
  getAdminMe: 'the admin and their permissions',
  getAdminOverview: 'the console overview',
  adminGetUser: 'one account with its documents',
  adminGetTask: 'one task with its applicants',
  getAnalytics: 'a report',
  getDeal: 'the deal with its timeline',
  getConversation: 'the conversation with its messages',
  getWallet: 'the wallet with its statement (keyset paged by `before`)',
  getReceipt: 'one receipt with its lines',
  getFinanceOverview: 'a report',
  getTopupMethods: 'the top-up methods this installation offers (at most three, a setting, not a collection)',
};
/**
 * The one list that pages by a keyset instead (`before` + `limit`, answering `items` and `nextBefore`): the ledger,
 * append-only and large, where an offset would shift while entries post and a total would count every line.
 */
const KEYSET_LISTS = new Set(['listLedgerEntries']);

let doc: Doc;
beforeAll(async () => {
  doc = (await buildApiDocument()) as Doc;
}, 120_000);
afterAll(() => undefined);

const deref = (s: Schema | undefined): Schema | undefined => {
  let out = s;
  while (out?.$ref) out = doc.components.schemas[out.$ref.split('/').pop()!];
  return out;
};
const isArray = (s: Schema | undefined) => {
  const d = deref(s);
  return d?.type === 'array' || (Array.isArray(d?.type) && d.type.includes('array'));
};
const isInteger = (s: Schema | undefined) => deref(s)?.type === 'integer';
function gets() {
  const out: { path: string; op: Operation; answer: Schema | undefined }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const op = ops.get;
    if (!op) continue;
    out.push({ path, op, answer: deref(op.responses['200']?.content?.['application/json']?.schema) });
  }
  return out;
}

describe('every list answers { items, total, page, limit } and takes page + limit', () => {
  it('holds for every GET that answers a collection', () => {
    const problems: string[] = [];
    let lists = 0;
    for (const { path, op, answer } of gets()) {
      if (!answer) continue;
      // a union of answers (listApplications: the company's or the influencer's) is checked branch by branch
      const shapes = answer.anyOf?.map(deref) ?? [answer];
      const arrays = shapes.flatMap((s) => Object.entries(s?.properties ?? {}).filter(([, v]) => isArray(v)));
      const named = /^(admin)?[lL]ist[A-Z]/.test(op.operationId);
      if (answer.type === 'array') problems.push(`${op.operationId} (${path}) answers a bare array`);
      if (arrays.length === 0 && !named) continue;
      if (op.operationId in RESOURCES) continue;
      lists += 1;
      const query = new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      for (const s of shapes) {
        const props = s?.properties ?? {};
        if (!isArray(props.items)) problems.push(`${op.operationId} (${path}): the collection is not called items`);
        for (const [name] of Object.entries(props).filter(([k, v]) => k !== 'items' && isArray(v))) {
          // beside the page, a list may carry small facts about the whole list (eventTypes, invites)
          if (!['eventTypes', 'invites', 'counts'].includes(name)) problems.push(`${op.operationId}: a second collection ${name}`);
        }
        if (KEYSET_LISTS.has(op.operationId)) {
          if (!props.nextBefore) problems.push(`${op.operationId}: a keyset list answers nextBefore`);
          continue;
        }
        for (const f of ['total', 'page', 'limit']) if (!isInteger(props[f])) problems.push(`${op.operationId} (${path}): no integer ${f}`);
      }
      const wanted = KEYSET_LISTS.has(op.operationId) ? ['before', 'limit'] : ['page', 'limit'];
      for (const p of wanted) if (!query.has(p)) problems.push(`${op.operationId} (${path}): no ${p} parameter`);
    }
    expect(problems).toEqual([]);
    // the check saw the lists (a document it cannot read would pass vacuously)
    expect(lists).toBeGreaterThan(30);
  });

  it('the set of resources above is exact: each exists and has arrays', () => {
    const byId = new Map(gets().map((g) => [g.op.operationId, g]));
    for (const id of Object.keys(RESOURCES)) {
      const g = byId.get(id);
      expect(g, `${id} is not an operation any more: drop it from RESOURCES`).toBeDefined();
      const props = g!.answer?.properties ?? {};
      expect(
        Object.values(props).some((v) => isArray(v) || Object.values(deref(v)?.properties ?? {}).some(isArray)),
        `${id} has no array: drop it from RESOURCES`,
      ).toBe(true);
    }
  });
});

describe('values of a set are enums', () => {
  const enumOf = (s: Schema | undefined) => {
    const d = deref(s);
    return d?.enum ?? d?.anyOf?.flatMap((x) => deref(x)?.enum ?? []);
  };
  it('deal states and deal event names wherever the deal and its events are answered', () => {
    const schemas = doc.components.schemas;
    expect(enumOf(schemas.DealStateChangedEventData.properties!.from)).toEqual([...DEAL_STATES]);
    expect(enumOf(schemas.DealStateChangedEventData.properties!.to)).toEqual([...DEAL_STATES]);
    expect(enumOf(schemas.DealStateChangedEventData.properties!.event)).toEqual([...DEAL_EVENT_NAMES]);
    expect(enumOf(schemas.DealCreatedEventData.properties!.status)).toEqual([...DEAL_STATES]);
    expect(enumOf(schemas.AcceptApplicationResponse.properties!.deal.properties!.status)).toEqual([...DEAL_STATES]);
    expect(enumOf(deref(schemas.DealTimelineEntry.properties!.fromStatus))).toEqual([...DEAL_STATES]);
  });
  it('webhook event names: the subscription, the endpoint and the delivery', () => {
    const schemas = doc.components.schemas;
    expect(enumOf(schemas.WebhookEventType)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(enumOf(schemas.WebhookDelivery.properties!.type)).toEqual([...WEBHOOK_EVENT_TYPES, 'ping']);
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'ping'].sort());
  });
});
