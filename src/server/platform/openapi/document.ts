/**
 * The API document (/api/docs/json, shown at /api/docs): OpenAPI 3.1 built from the routes' zod schemas
 * (decision 0031). Every operation has one declared tag and a unique camelCase operationId — a route
 * without them stops the server at start — and its error statuses are completed in one place
 * (responses.ts). Schemas are components referenced by id (schemas.ts); unused ones are left out.
 */
import { appendFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEBHOOK_EVENT_DATA, WEBHOOK_EVENT_TYPES, WEBHOOK_PING, pingEventData } from '../../../shared/schemas/webhooks';
import type { Config } from '../../config';
import { ContractChecker } from './contract';
import { completeResponses, derivedStatuses } from './responses';
import { PRODUCT_VERSION } from '../version';
import { registerSchemaIds } from './schemas';

/** The tags in the order the document lists them, one per feature. */
export const API_TAGS = [
  { name: 'system', description: 'Health and readiness of the service.' },
  { name: 'auth', description: 'Sign-up with an email code, sign-in, the session cookie (`sid`), sign-out and password reset.' },
  { name: 'account', description: 'The signed-in user’s account: settings, phone number, password, deletion request.' },
  { name: 'profiles', description: 'The signed-in influencer’s or company’s own profile, materials and company verification.' },
  { name: 'uploads', description: 'File uploads (images and videos), checked by their bytes; private deal files are read through `deals`.' },
  { name: 'tasks', description: 'Live-selling tasks: the task hall, one task, publishing, a company’s own tasks and their end.' },
  { name: 'applications', description: 'Influencers apply to tasks; the company accepts or refuses, the influencer may withdraw.' },
  { name: 'invitations', description: 'Companies invite influencers to a task; the influencer accepts or declines.' },
  { name: 'matching', description: 'Recommendations: influencers for a task, tasks for an influencer.' },
  {
    name: 'deals',
    description:
      'A deal per hired influencer: samples, schedule, live report, disputes, settlement, reviews. Each event of the deal table is its own operation.',
  },
  { name: 'messages', description: 'Conversations between a company and an influencer, and the live event stream (`text/event-stream`).' },
  {
    name: 'notifications',
    description: 'The bell: notifications of the signed-in user and the language of their mail; the one-click unsubscribe of a notification mail.',
  },
  {
    name: 'money',
    description: 'Wallets in integer cents: balances and statement, top-ups, commissions, bank accounts and payouts; the payment provider’s webhook.',
  },
  {
    name: 'agencies',
    description: 'Agencies (MCN 机构): the public agency page, the roster (签约达人) — invitations, memberships, ending — for the agency and the influencer.',
  },
  { name: 'people', description: 'The influencer directory, influencer and company pages, following and contacting.' },
  { name: 'videos', description: 'The video showcase.' },
  { name: 'stats', description: 'Public figures for the home page.' },
  { name: 'site', description: 'Public site settings (announcement, contact details).' },
  { name: 'content', description: 'The public contact form.' },
  {
    name: 'developers',
    description:
      'API keys for your own systems (开发者设置): list, create (the secret is shown once), revoke — with a signed-in session only. ' +
      'A key is sent as `Authorization: Bearer lc_live_…` and works on the operations that name a scope (`x-scopes`, `security`). ' +
      'Webhook endpoints (signed deliveries of the events listed under `webhooks`): manage, rotate the signing secret, deliveries, resend, test.',
  },
  { name: 'admin', description: 'The back office. Every operation needs an admin session and the permission it names (a visitor 401, a member 403).' },
  { name: 'dev', description: 'Development and test only, from this machine only; absent in production.' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];
const TAG_NAMES = new Set<string>(API_TAGS.map((t) => t.name));

const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/** What the document says a status means, when the route does not say more. */
const STATUS_TEXT: Record<string, string> = {
  '200': 'Success',
  '400': 'Bad request: the body, query or path is not valid (the error code names the problem)',
  '401': 'Not signed in',
  '403': 'Forbidden: wrong role, missing permission or API key scope, a cross-site request, or an API key where keys are not accepted',
  '404': 'Not found (or not visible to the caller)',
  '409': 'Conflict with the current state',
  '406': 'Not acceptable: the answer cannot be given in a media type the request’s Accept allows',
  '413': 'The request body or file is too large',
  '414': 'The address or a path parameter is too long',
  '415': 'Unsupported media type',
  '431': 'The request line and headers are over 16 KB together (an address that long, or a header)',
  '429': 'Too many requests',
  '502': 'An outside service (mail, SMS) failed',
  '503': 'Temporarily unavailable',
  '5XX': 'Server error',
};

/** The names of the shared error answers, by status. */
const ERROR_RESPONSES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '406': 'NotAcceptable',
  '409': 'Conflict',
  '413': 'PayloadTooLarge',
  '414': 'UriTooLong',
  '415': 'UnsupportedMediaType',
  '429': 'TooManyRequests',
  '431': 'HeadersTooLarge',
  '502': 'BadGateway',
  '503': 'Unavailable',
  '5XX': 'ServerError',
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const REF = '#/components/schemas/';

/** Every component name a part of the document references. */
function refsIn(v: Json, out: Set<string>) {
  if (Array.isArray(v)) for (const x of v) refsIn(x, out);
  else if (isObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string' && x.startsWith(REF)) out.add(x.slice(REF.length));
      else refsIn(x, out);
    }
  }
}

/**
 * Tidies what zod emits: a query integer's string pattern is meaningless on an integer; `anyOf` with an empty schema
 * (z.unknown().nullable()) matches anything, so it is that empty schema.
 */
function tidySchemas(v: Json) {
  if (Array.isArray(v)) for (const x of v) tidySchemas(x);
  else if (isObject(v)) {
    if (v.type === 'integer' && 'pattern' in v) delete v.pattern;
    if (Array.isArray(v.anyOf) && v.anyOf.some((x) => isObject(x) && Object.keys(x).length === 0)) delete v.anyOf;
    for (const x of Object.values(v)) tidySchemas(x);
  }
}

/**
 * The finished document: only the components the operations reach; a schema only ever read as input keeps
 * its own name (LoginRequest rather than LoginRequestInput); responses described by their status.
 */
export function finishDocument(doc: JsonObject, optionalBodies: ReadonlySet<string> = new Set()): JsonObject {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const reached = new Set<string>();
  const queue: string[] = [];
  const seed = new Set<string>();
  refsIn(doc.paths ?? {}, seed);
  refsIn(doc.webhooks ?? {}, seed);
  queue.push(...seed);
  while (queue.length) {
    const id = queue.pop() as string;
    if (reached.has(id) || !(id in schemas)) continue;
    reached.add(id);
    const next = new Set<string>();
    refsIn(schemas[id], next);
    queue.push(...next);
  }
  const rename = new Map<string, string>();
  for (const id of reached) {
    const plain = id.replace(/Input$/, '');
    if (plain === id) continue;
    // an input twin equal to its output (an enum, a plain object) is the same schema
    if (!reached.has(plain) || JSON.stringify(schemas[id]) === JSON.stringify(schemas[plain])) rename.set(id, plain);
  }
  const kept: JsonObject = {};
  for (const id of [...reached].sort((a, b) => (rename.get(a) ?? a).localeCompare(rename.get(b) ?? b))) {
    if (!rename.has(id) || !reached.has(rename.get(id) as string)) kept[rename.get(id) ?? id] = schemas[id];
  }
  let text = JSON.stringify({ ...doc, components: { ...components, schemas: kept } });
  for (const [from, to] of rename) text = text.split(`"${REF}${from}"`).join(`"${REF}${to}"`);
  const out = JSON.parse(text) as JsonObject;
  tidySchemas(out);
  // an error answer that says only what its status says is one shared response (components.responses)
  const shared: JsonObject = {};
  const errorContent = JSON.stringify({ 'application/json': { schema: { $ref: `${REF}ErrorBody` } } });
  for (const ops of Object.values(isObject(out.paths) ? out.paths : {})) {
    for (const op of Object.values(isObject(ops) ? ops : {})) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      for (const [status, res] of Object.entries(op.responses)) {
        if (!isObject(res) || res.description !== 'Default Response') continue;
        res.description = STATUS_TEXT[status] ?? 'Success';
        const name = ERROR_RESPONSES[status];
        if (name && JSON.stringify(res.content) === errorContent) {
          shared[name] = { description: res.description, content: res.content };
          op.responses[status] = { $ref: `#/components/responses/${name}` };
        }
      }
    }
  }
  // the operations whose body may be left out say so
  for (const ops of Object.values(isObject(out.paths) ? out.paths : {})) {
    for (const op of Object.values(isObject(ops) ? ops : {})) {
      if (isObject(op) && isObject(op.requestBody) && typeof op.operationId === 'string' && optionalBodies.has(op.operationId)) op.requestBody.required = false;
    }
  }
  // a tag no operation carries here (`dev` in production) is not listed
  const used = new Set(
    JSON.stringify(out.paths)
      .match(/"tags":\["[a-z-]+"\]/g)
      ?.map((t) => t.slice(9, -2)) ?? [],
  );
  if (Array.isArray(out.tags)) out.tags = out.tags.filter((t) => isObject(t) && typeof t.name === 'string' && used.has(t.name));
  const outComponents = out.components as JsonObject;
  outComponents.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES)
      .filter(([, n]) => n in shared)
      .map(([, n]) => [n, shared[n]]),
  );
  return out;
}

const WEBHOOK_HEADERS =
  'Headers: `webhook-id` (the event id: the same on a resend and on every retry — deduplicate on it), `webhook-timestamp` (unix seconds), ' +
  '`webhook-signature`: `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>`, the key being the base64 after ' +
  '`whsec_` in the secret, decoded — the Standard Webhooks specification (https://www.standardwebhooks.com), so its libraries verify it; ' +
  'during a rotation’s 24-hour overlap two space-separated signatures (new, old) — accept if any matches. Answer 2xx within 10 s; anything else ' +
  '(a redirect too) is retried with a growing delay for 3 days, in order per deal. Events of another account never reach you.';

/** The OpenAPI 3.1 `webhooks` map (decision 0042): one entry per event type, its body `{id, type, createdAt, data}` with `data` $ref'd. */
function webhooksOfDocument(): JsonObject {
  const ids = registerSchemaIds();
  const entry = (type: string, dataSchema: z.ZodType): JsonObject => ({
    post: {
      // webhookDealStateChanged: names a generated client's handler type (redocly's operation-operationId)
      operationId: `webhook${type.replace(/(^|[._])([a-z])/g, (_m, _s: string, c: string) => c.toUpperCase())}`,
      summary: `${type} event`,
      description: WEBHOOK_HEADERS,
      tags: ['developers'],
      // no OpenAPI scheme describes it: the receiver checks the `webhook-signature` header (see the description)
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'type', 'createdAt', 'data'],
              properties: {
                id: { type: 'string', format: 'uuid' },
                type: { type: 'string', const: type },
                createdAt: { type: 'string', format: 'date-time' },
                data: { $ref: `${REF}${ids.get(dataSchema) ?? ''}` },
              },
            },
          },
        },
      },
      responses: { '200': { description: 'Received (any 2xx)' } },
    },
  });
  const out: JsonObject = {};
  for (const type of WEBHOOK_EVENT_TYPES) out[type] = entry(type, WEBHOOK_EVENT_DATA[type]);
  out[WEBHOOK_PING] = entry(WEBHOOK_PING, pingEventData);
  return out;
}

/** A route's `documentedBody` becomes its body for the document only (the route itself reads the request's stream). */
function withDocumentedBody<T extends { schema?: FastifySchema }>(input: T): T {
  const documented = input.schema?.documentedBody;
  if (!input.schema || !documented) return input;
  const { documentedBody: _, ...schema } = input.schema;
  return { ...input, schema: { ...schema, body: documented.schema, consumes: [documented.mediaType] } };
}

type DocumentedRoute = RouteOptions & { schema?: { hide?: boolean; operationId?: string; tags?: readonly string[] } };

/**
 * Registers the document and its viewer, and the check every API route passes at registration: one known
 * tag, a unique camelCase operationId, the error statuses completed. Call before the routes.
 */
export async function registerApiDocs(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'siteUrl' | 'mail'>) {
  registerSchemaIds();
  const operationIds = new Map<string, string>();
  app.addHook('onRoute', (route: DocumentedRoute) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || !route.schema || route.schema.hide) return;
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) return;
    const where = `${String(route.method)} ${route.url}`;
    const { operationId, tags } = route.schema;
    if (!operationId || !OPERATION_ID.test(operationId)) throw new Error(`${where}: needs a camelCase schema.operationId`);
    const other = operationIds.get(operationId);
    if (other && other !== where) throw new Error(`${where}: operationId ${operationId} is already ${other}`);
    operationIds.set(operationId, where);
    if (!tags || tags.length !== 1 || !TAG_NAMES.has(tags[0])) throw new Error(`${where}: needs exactly one tag of API_TAGS`);
    // open to API keys (decision 0038): the scope the key needs; a bad key 401
    const keyScope = route.config?.keyScope;
    const schema = route.schema as Record<string, unknown>;
    // who may call it (decision 0052): a guard that refuses a visitor (401) needs a session (or the key); a 401 the
    // route declares itself (a sign-up ticket, a wrong password, a private record) leaves the session optional
    const guarded = derivedStatuses(route).includes(401);
    const declares401 = '401' in ((schema.response as object | undefined) ?? {});
    if (keyScope) {
      // OpenAPI lists scopes of OAuth flows only: a bearer key's scope is the `x-scopes` extension and the description
      schema['x-scopes'] = [keyScope];
      schema.description = `${typeof schema.description === 'string' ? `${schema.description} ` : ''}API key scope: \`${keyScope}\`.`;
    }
    // the bearer key first where a key may call (a generated client's auth then sends the key as a bearer token), the
    // session cookie next, `{}` (nothing) last when a visitor may call too; `[]` on a public operation
    const schemes = [...(keyScope ? [{ bearerAuth: [] }] : []), ...(keyScope || guarded || declares401 ? [{ session: [] }] : [])];
    schema.security = guarded || schemes.length === 0 ? schemes : [...schemes, {}];
    // the development operations answer 404 to any other machine (platform/loopback.ts)
    // ?onBehalfOf= (decision 0045): a visitor 401, not an agency or not approved 403, not on the roster 404; a former
    // member (decision 0061): a new action, or any change, 409 AGENCY_MEMBERSHIP_ENDED
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const changes = methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(String(m)));
    const mode = route.config?.onBehalf;
    const onBehalf = mode ? [401, 403, 404, ...(mode === 'new' || changes ? [409] : [])] : [];
    completeResponses(route, [...(tags[0] === 'dev' ? [404] : keyScope ? [401] : []), ...onBehalf]);
  });

  const transformObject = createJsonSchemaTransformObject({});
  const optionalBodies = new Set<string>();
  const transform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Live-commerce marketplace API',
        // the product's version (package.json): docs/api-changelog.md says what each one changed (decision 0052)
        version: PRODUCT_VERSION,
        description:
          'The HTTP API of the live-commerce marketplace: companies post live-selling tasks, influencers apply or are invited, ' +
          'deals run through samples, a live session, a report and settlement, money moves through an escrow ledger.\n\n' +
          'JSON in and out. Money is integer cents. Errors answer `{"error":{"code","message"}}` with the code’s status; ' +
          '`message` is the Chinese text, `code` is stable (the `ErrorCode` schema lists them all). ' +
          'Sign in with `POST /api/auth/login`: the session is the `sid` cookie. State-changing requests from another site are refused (403). ' +
          'Your own systems use an API key instead (`Authorization: Bearer lc_live_…`, made on `/developers`) on the operations that name a scope; ' +
          'the TypeScript SDK `@livecommerce/sdk` (`packages/sdk`) wraps them. To try a call on this page: **Authorize**, paste the key under ' +
          '`bearerAuth`, then **Try it out** on an operation that names a scope.',
        contact: { name: 'Support', email: config.mail.support, ...(config.publicUrl ? { url: `${config.publicUrl}/contact` } : {}) },
        // not open source: the site's terms of use govern it
        license: { name: 'Terms of use', url: `${config.siteUrl}/terms` },
      },
      // PUBLIC_URL when set; else the server the document is read from
      // the site's origin: PUBLIC_URL (production requires it), elsewhere http://localhost:PORT (decision 0052)
      servers: [{ url: config.siteUrl, description: config.publicUrl ? 'The site (PUBLIC_URL)' : 'This server (PUBLIC_URL is not set)' }],
      tags: API_TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          // first: /api/docs's Authorize dialog offers it first — paste a key, then "Try it out" sends it (decision 0043)
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'lc_live_…',
            description:
              'An API key (开发者设置, `/developers`): `Authorization: Bearer lc_live_…`. It acts as its account on the operations that ' +
              'list it, each needing the scope named there (also in `x-scopes`); a missing scope is 403 `API_KEY_SCOPE`, an unknown, ' +
              'revoked or expired key 401 `API_KEY_INVALID`, any other operation 403 `API_KEY_NOT_ALLOWED`. Each key has its own limit ' +
              'per minute (429 with `Retry-After`; `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` on every answer).',
          },
          // listed second: /api/docs shows the schemes in this order, and a browser cannot send a typed-in cookie
          // (the Authorize dialog's session field does nothing; signing in on the site sets it)
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description:
              'The session cookie of `POST /api/auth/login`, set by the browser when you sign in on the site (it cannot be typed in here: ' +
              'to try a call on this page, paste an API key under `bearerAuth`).',
          },
        },
      },
    },
    transform: (input) => {
      const body = input.schema?.body;
      const id = input.schema?.operationId;
      // a body the route's own schema lets be absent (`.optional()`): @fastify/swagger marks every body required
      if (body instanceof z.ZodType && typeof id === 'string' && body.safeParse(undefined).success) optionalBodies.add(id);
      return transform(withDocumentedBody(input));
    },
    transformObject: (input) =>
      finishDocument({ ...(transformObject(input) as unknown as JsonObject), webhooks: webhooksOfDocument() }, optionalBodies) as unknown as ReturnType<
        typeof transformObject
      >,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { tagsSorter: undefined, operationsSorter: undefined, docExpansion: 'list' } });
}

/**
 * With API_CONTRACT_LOG (the browser suite's server): every API response is checked against this
 * server's own document and each mismatch appended to that file as one line; scripts/e2e.mjs fails the
 * run when it is not empty. Registered before compression, so it reads the body as sent by the route.
 */
export function registerContractLog(app: FastifyInstance, file: string) {
  let checker: ContractChecker | null = null;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    checker ??= new ContractChecker(app.swagger() as unknown as Record<string, unknown>);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const contentType = reply.getHeader('content-type');
    const problems = checker.check({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      // a stream (a file, an event stream) is not read here: its status and media type are still checked
      body: typeof payload === 'string' || Buffer.isBuffer(payload) ? body : '{}',
    });
    if (problems.length) appendFileSync(file, problems.map((p) => `${p}\n`).join(''));
    return payload;
  });
}
