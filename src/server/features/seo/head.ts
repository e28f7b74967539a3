import { and, eq, sql } from 'drizzle-orm';
import { companies, influencers, tasks, userSettings, videos } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { DEFAULT_OG_IMAGE, ogImageFor, type OgImage } from './ogImage';
import { ACTING_PARAM } from '../../../shared/routes';
import { isUuid } from '../../../shared/ids';

/**
 * The head of each page as the server sends it: its own <title>, description, canonical link and Open
 * Graph / Twitter tags, so a link pasted into a chat or found by a search engine shows the right title
 * and picture before any JavaScript runs. Detail pages read one row by primary key; anything not public
 * (unapproved or hidden influencers, private companies, inactive videos) gets the generic head. Masked
 * fields (rates, followers, accounts) are never used.
 */
export type Head = {
  title: string;
  description: string;
  /** the share card (ogImage.ts): JPEG or PNG, 1200×630 */
  image: OgImage;
  type: 'website' | 'article' | 'profile' | 'video.other';
  /** a page answered 404/410: kept out of search results, no canonical address */
  noindex?: true;
};

const SITE = '直播带货平台';
const GENERIC: Head = {
  title: SITE,
  description: '直播带货平台：连接品牌与直播达人，企业发布带货任务，达人在线接单。',
  image: DEFAULT_OG_IMAGE,
  type: 'website',
};

const STATIC: Record<string, Omit<Head, 'image' | 'type'>> = {
  '/tasks': { title: '任务大厅', description: '浏览企业发布的直播带货任务，按类目、预算筛选，在线报价申请。' },
  '/influencers': { title: '达人列表', description: '按类目、粉丝量、报价与评分找到适合品牌的直播带货达人。' },
  '/videos': { title: '视频展示', description: '达人直播带货精彩片段：美妆、服饰、数码、生活、美食、旅行。' },
  '/about': { title: '关于我们', description: '直播带货平台连接品牌、商家、工厂与短视频直播达人。' },
  '/terms': { title: '服务条款', description: '直播带货平台服务条款（v2.0）。' },
  '/privacy': { title: '隐私政策', description: '直播带货平台如何收集、使用与保护您的信息。' },
  '/help': { title: '帮助中心', description: '常见问题：注册、认证审核、服务费、结算与提现、任务与合作。' },
  '/contact': { title: '联系我们', description: '给我们留言，我们会在24小时内回复。' },
};

const clip = (s: string | null | undefined, n = 150) => {
  const flat = (s ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
};
const isPublic = sql`coalesce(${userSettings.profileVisibility}, 'public') = 'public'`;

/**
 * The head of an address answered 404 or 410 (seo/status.ts): the not-found page's title in the page's
 * language, or (a visitor on a deal's address, who gets its sign-in card) the generic one; never indexed.
 */
export function statusHead(lang: 'zh-CN' | 'en', notFoundPage: boolean): Head {
  if (!notFoundPage) return { ...GENERIC, noindex: true };
  const title = lang === 'en' ? 'Page not found - LiveCommerce Hub' : `页面不存在 - ${SITE}`;
  return { ...GENERIC, title, noindex: true };
}

/** The head of a page; the generic one when the database cannot answer (the page itself still loads). */
export async function pageHead(ctx: AppContext, pathname: string): Promise<Head> {
  try {
    return await lookUp(ctx, pathname);
  } catch (err) {
    ctx.log.warn({ path: pathname, err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'page head lookup failed');
    return GENERIC;
  }
}

async function lookUp(ctx: AppContext, pathname: string): Promise<Head> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return GENERIC;
  const fixed = STATIC[path];
  if (fixed) return { ...fixed, title: `${fixed.title} - ${SITE}`, image: DEFAULT_OG_IMAGE, type: 'website' };
  const [, kind, id] = /^\/(task|influencer|company|video)\/([^/]+)$/.exec(path) ?? [];
  if (!kind || !isUuid(id)) return GENERIC;
  const db = ctx.db;
  if (kind === 'task') {
    const [r] = await db
      .select({
        title: tasks.title,
        description: tasks.description,
        company: companies.companyName,
        logo: companies.logoUrl,
        min: tasks.budgetMinCents,
        max: tasks.budgetMaxCents,
      })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(eq(tasks.id, id))
      .limit(1);
    if (!r) return GENERIC;
    return {
      title: `${r.title} - ${SITE}`,
      description: clip(`${r.company} · 预算 $${r.min}-$${r.max} · ${r.description}`),
      image: ogImageFor(r.logo, 'logo'),
      type: 'article',
    };
  }
  if (kind === 'influencer') {
    const [r] = await db
      .select({ nickname: influencers.nickname, bio: influencers.bio, avatar: influencers.avatarUrl, location: influencers.location })
      .from(influencers)
      .leftJoin(userSettings, eq(userSettings.userId, influencers.userId))
      .where(and(eq(influencers.id, id), eq(influencers.isApproved, true), eq(influencers.status, 'active'), isPublic))
      .limit(1);
    if (!r) return GENERIC;
    return {
      title: `${r.nickname} - ${SITE}`,
      description: clip(`${r.location ? `${r.location} · ` : ''}${r.bio ?? '直播带货达人'}`),
      image: ogImageFor(r.avatar, 'avatar'),
      type: 'profile',
    };
  }
  if (kind === 'company') {
    const [r] = await db
      .select({ name: companies.companyName, description: companies.description, logo: companies.logoUrl })
      .from(companies)
      .leftJoin(userSettings, eq(userSettings.userId, companies.userId))
      .where(and(eq(companies.id, id), isPublic))
      .limit(1);
    if (!r) return GENERIC;
    return {
      title: `${r.name} - ${SITE}`,
      description: clip(r.description ?? `${r.name} 在直播带货平台发布的任务与评价。`),
      image: ogImageFor(r.logo, 'logo'),
      type: 'profile',
    };
  }
  const [r] = await db
    .select({ title: videos.title, description: videos.description, poster: videos.posterUrl })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.isActive, true)))
    .limit(1);
  if (!r) return GENERIC;
  return { title: `${r.title} - ${SITE}`, description: clip(r.description ?? r.title), image: ogImageFor(r.poster, 'poster'), type: 'video.other' };
}

/**
 * The first API calls a page makes, fetched with the HTML (preload hints), so the first page of a list
 * arrives with the shell's first round trip instead of after the JavaScript. The URLs are exactly the
 * ones the web app asks for (the same query order) on a page opened without filters.
 */
const FIRST_CALLS: Record<string, string[]> = {
  '/': ['/api/videos?limit=4&sort=latest', '/api/stats/home'],
  '/tasks': ['/api/tasks', '/api/categories'],
  '/influencers': ['/api/influencers'],
  '/videos': ['/api/videos?sort=latest&limit=12'],
};

/** A detail page's one data call (the resource's own path, as the web app's api client asks for it), for a well-formed id only. */
const DETAIL_CALLS: [RegExp, string][] = [
  [/^\/task\/([^/]+)$/, '/api/tasks/'],
  [/^\/influencer\/([^/]+)$/, '/api/influencers/'],
  [/^\/video\/([^/]+)$/, '/api/videos/'],
];

export function preloadsFor(pathname: string, search: string): string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const calls = search ? [] : [...(FIRST_CALLS[path] ?? [])];
  // a detail page's query (?from=list) does not change its data call — but an agency acting for an influencer
  // (`?as=`, decision 0045) asks for the task with `onBehalfOf`: nothing to preload then
  const acting = new URLSearchParams(search).has(ACTING_PARAM);
  for (const [pattern, api] of acting ? [] : DETAIL_CALLS) {
    const id = pattern.exec(path)?.[1];
    if (id && isUuid(id)) calls.push(`${api}${id}`);
  }
  return ['/api/auth/session', ...calls];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the page's head: the title and description replaced, canonical and OG tags added, the
 * first API calls preloaded and the page's own code (modules.ts) preloaded beside the shell's.
 */
export function renderShell(
  html: string,
  head: Head,
  origin: string,
  pathname: string,
  preloads: string[] = [],
  modules: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] },
): string {
  const abs = (u: string) => (/^https?:\/\//.test(u) ? u : `${origin}${u.startsWith('/') ? '' : '/'}${u}`);
  const url = `${origin}${pathname}`;
  const image = abs(head.image.url);
  const tags = [
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : [`<link rel="canonical" href="${esc(url)}" />`]),
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${esc(head.title)}" />`,
    `<meta property="og:description" content="${esc(head.description)}" />`,
    ...(head.noindex ? [] : [`<meta property="og:url" content="${esc(url)}" />`]),
    `<meta property="og:image" content="${esc(image)}" />`,
    ...(image.startsWith('https://') ? [`<meta property="og:image:secure_url" content="${esc(image)}" />`] : []),
    `<meta property="og:image:type" content="${head.image.type}" />`,
    `<meta property="og:image:width" content="${head.image.width}" />`,
    `<meta property="og:image:height" content="${head.image.height}" />`,
    `<meta property="og:image:alt" content="${esc(head.title)}" />`,
    `<meta property="og:locale" content="zh_CN" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${esc(head.title)}" />`,
    `<meta name="twitter:description" content="${esc(head.description)}" />`,
    `<meta name="twitter:image" content="${esc(image)}" />`,
    ...preloads.map((p) => `<link rel="preload" as="fetch" href="${esc(p)}" crossorigin="anonymous" />`),
    ...modules.scripts.map((s) => `<link rel="modulepreload" crossorigin href="${esc(s)}" />`),
    // crossorigin like the stylesheet link the app's loader adds for the chunk, so the preload is used
    ...modules.styles.map((s) => `<link rel="preload" as="style" crossorigin href="${esc(s)}" />`),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${esc(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${esc(head.description)}" />`)
    .replace('</head>', `    ${tags}\n  </head>`);
}
