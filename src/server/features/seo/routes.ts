import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { agencies, companies, influencers, tasks, users, userSettings, videos } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { DEFAULT_OG_IMAGE, parseCardPath, shareCard } from './ogImage';

/** The public pages without an id, in the sitemap. */
const STATIC_PAGES = ['/', '/tasks', '/influencers', '/videos', '/about', '/terms', '/privacy', '/help', '/contact'];
/** rows read per query while streaming the sitemap (keyset paging on the primary key) */
const BATCH = 1000;
/** a sitemap file holds at most 50 000 URLs (sitemaps.org); beyond that the answer is an index */
export const SITEMAP_MAX_URLS = 50_000;

export const originOf = (ctx: AppContext, request: FastifyRequest) => ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

type Source = { path: string; table: PgTable; id: PgColumn; updated: PgColumn; where: SQL; join?: 'settings' };

const publicProfile = sql`coalesce(${userSettings.profileVisibility}, 'public') = 'public'`;
/** the account is not suspended (nor deleted: deletion suspends it too) */
const activeUser = (userId: PgColumn) => sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.suspendedAt} is not null)`;
/**
 * Only addresses that answer 200 to a visitor (seo/status.ts, decision 0030): no hidden or suspended profile,
 * no inactive video; deleted records have no row. Tasks of a suspended company stay readable at their address
 * but are not offered to search engines.
 */
const SOURCES: Source[] = [
  {
    path: '/task/',
    table: tasks,
    id: tasks.id,
    updated: tasks.updatedAt,
    where: and(
      inArray(tasks.status, ['open', 'in_progress', 'completed']),
      sql`not exists (select 1 from ${companies} join ${users} on ${users.id} = ${companies.userId} where ${companies.id} = ${tasks.companyId} and ${users.suspendedAt} is not null)`,
    ) as SQL,
  },
  {
    path: '/influencer/',
    table: influencers,
    id: influencers.id,
    updated: influencers.updatedAt,
    where: and(eq(influencers.isApproved, true), eq(influencers.status, 'active'), publicProfile, activeUser(influencers.userId)) as SQL,
    join: 'settings',
  },
  {
    path: '/company/',
    table: companies,
    id: companies.id,
    updated: companies.updatedAt,
    where: and(publicProfile, activeUser(companies.userId)) as SQL,
    join: 'settings',
  },
  { path: '/video/', table: videos, id: videos.id, updated: videos.createdAt, where: eq(videos.isActive, true) },
  {
    path: '/agency/',
    table: agencies,
    id: agencies.id,
    updated: agencies.updatedAt,
    where: and(eq(agencies.status, 'approved'), activeUser(agencies.userId)) as SQL,
  },
];

function userIdOf(table: PgTable): PgColumn {
  return table === influencers ? influencers.userId : companies.userId;
}

/** Every public URL, read in batches of 1000 by id: the answer is written as it is read. */
async function* urls(ctx: AppContext, origin: string): AsyncGenerator<string> {
  for (const p of STATIC_PAGES) yield `<url><loc>${origin}${p}</loc></url>`;
  for (const s of SOURCES) {
    let after: string | null = null;
    for (;;) {
      let q = ctx.db.select({ id: s.id, updated: s.updated }).from(s.table).$dynamic();
      if (s.join) q = q.leftJoin(userSettings, eq(userSettings.userId, userIdOf(s.table)));
      const rows: { id: unknown; updated: unknown }[] = await q
        .where(after ? and(s.where, gt(s.id, after)) : s.where)
        .orderBy(asc(s.id))
        .limit(BATCH);
      for (const r of rows) yield `<url><loc>${origin}${s.path}${String(r.id)}</loc><lastmod>${(r.updated as Date).toISOString()}</lastmod></url>`;
      if (rows.length < BATCH) break;
      after = String(rows[rows.length - 1].id);
    }
  }
}

/** One sitemap file: the URLs number part*50000 … (part+1)*50000-1, streamed as they are read. */
async function* sitemap(ctx: AppContext, origin: string, part: number): AsyncGenerator<string> {
  const from = part * SITEMAP_MAX_URLS;
  const to = from + SITEMAP_MAX_URLS;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  let i = 0;
  for await (const u of urls(ctx, origin)) {
    if (i >= from) yield `${u}\n`;
    i += 1;
    if (i >= to) break;
  }
  yield '</urlset>\n';
}

async function countUrls(ctx: AppContext): Promise<number> {
  let total = STATIC_PAGES.length;
  for (const s of SOURCES) {
    let q = ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.table)
      .$dynamic();
    if (s.join) q = q.leftJoin(userSettings, eq(userSettings.userId, userIdOf(s.table)));
    const [{ n }] = await q.where(s.where);
    total += n;
  }
  return total;
}

export const seoRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
      const origin = originOf(ctx, request);
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /admin-login',
        'Disallow: /account-settings',
        'Disallow: /profile',
        'Disallow: /influencer-profile',
        'Disallow: /company-profile',
        'Disallow: /agency-profile',
        'Disallow: /agency-settlement',
        'Disallow: /agency-staff',
        'Disallow: /materials',
        'Disallow: /messages',
        'Disallow: /deals',
        'Disallow: /deal/',
        'Disallow: /company-tasks',
        'Disallow: /influencer-tasks',
        'Disallow: /signup',
        'Disallow: /forgot-password',
        'Disallow: /login-test',
        'Disallow: /email-test',
        'Disallow: /sms-test',
        'Disallow: /image-upload-test',
        'Disallow: /influencer-image-upload-test',
        'Disallow: /route-test',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const origin = originOf(ctx, request);
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
      const total = await countUrls(ctx);
      if (total > SITEMAP_MAX_URLS) {
        const parts = Math.ceil(total / SITEMAP_MAX_URLS);
        const items = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${origin}/sitemap-${i + 1}.xml</loc></sitemap>`);
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
      }
      return reply.send(Readable.from(sitemap(ctx, origin, 0)));
    });

    // a page's share card (og:image): made from its picture on first request, then from storage (decision 0030)
    app.get('/og/*', { schema: { hide: true } }, async (request, reply) => {
      const card = parseCardPath((request.params as { '*': string })['*']);
      if (!card) throw new AppError('NOT_FOUND');
      const made = await shareCard(ctx, card.variant, card.key);
      // the picture is gone, or the image work is full: the site's card for now, not remembered
      if (made.kind === 'no-picture' || made.kind === 'busy') return reply.header('cache-control', 'no-store').redirect(DEFAULT_OG_IMAGE.url, 302);
      // the address names the picture's key: its bytes never change
      reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(made.kind === 'card' ? made.bytes : made.stream);
    });

    app.get('/sitemap-:part.xml', { schema: { hide: true } }, async (request, reply) => {
      const part = Number((request.params as { part: string }).part);
      if (!Number.isInteger(part) || part < 1 || part > 1000) return reply.status(404).type('text/plain').send('not found');
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
      return reply.send(Readable.from(sitemap(ctx, originOf(ctx, request), part - 1)));
    });
  };
