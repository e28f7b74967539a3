import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The code a public page needs before it can render, announced in its HTML (issue 13): index.html
 * preloads only the shell, and the route's own chunk would otherwise be asked for only after the shell has
 * run — one more round trip on a phone before the first card. Read from the build's manifest
 * (dist/web/.vite/manifest.json, vite.config.ts); without one (tests, development) nothing is added.
 *
 * The table mirrors the `lazyPage(...)` lines of src/web/app/router.tsx (module, i18n namespaces, whether
 * the page waits for the antd scope); modules.test.ts keeps the two in step.
 *
 * `preload`: only the light pages (no antd) are preloaded. Measured with `npm run bench:web` (Lighthouse
 * mobile, 2 cores): preloading an antd page's 150–230 KB beside the shell brought its LCP 0.3–0.7 s
 * earlier, but its first paint 1.5–2.5 s later (the header waits for bandwidth shared with the page's
 * code) and its blocking time up by 300–500 ms (all the code evaluated in one long task): a worse page.
 * Since decision 0021 every public page here is light (13–20 KB beside the shell) and preloaded; an
 * antd part they open later (apply form, dialogs) loads with the antd scope when it is needed. The public form
 * pages (contact, sign-up, sign-in, password reset, admin sign-in) are rendered by the server with antd's styles
 * (decision 0046): the server paints them, so their preloads wait for the first frame like every rendered page's.
 */
export type PageModules = { pattern: RegExp; module: string; namespaces: string[]; antd: boolean; preload: boolean };
export const PAGE_MODULES: PageModules[] = [
  { pattern: /^\/$/, module: 'features/home/HomePage', namespaces: ['home', 'videos'], antd: false, preload: true },
  { pattern: /^\/tasks$/, module: 'features/tasks/TaskHallPage', namespaces: ['tasks'], antd: false, preload: true },
  { pattern: /^\/task\/[^/]+$/, module: 'features/tasks/TaskDetailPage', namespaces: ['tasks'], antd: false, preload: true },
  { pattern: /^\/influencers$/, module: 'features/people/InfluencersPage', namespaces: ['people'], antd: false, preload: true },
  { pattern: /^\/influencer\/[^/]+$/, module: 'features/people/InfluencerDetailPage', namespaces: ['people'], antd: false, preload: true },
  { pattern: /^\/company\/[^/]+$/, module: 'features/people/CompanyDetailPage', namespaces: ['people', 'tasks'], antd: false, preload: true },
  { pattern: /^\/agency\/[^/]+$/, module: 'features/agencies/AgencyPage', namespaces: ['agencies', 'people'], antd: false, preload: true },
  { pattern: /^\/videos$/, module: 'features/videos/VideosPage', namespaces: ['videos'], antd: false, preload: true },
  { pattern: /^\/video\/[^/]+$/, module: 'features/videos/VideoDetailPage', namespaces: ['videos'], antd: false, preload: true },
  { pattern: /^\/(about|terms|privacy)$/, module: 'features/site/DocPage', namespaces: ['site'], antd: false, preload: true },
  { pattern: /^\/help$/, module: 'features/site/HelpPage', namespaces: ['site'], antd: false, preload: true },
  // the public form pages, rendered with antd (decision 0046): painted from the HTML with their style sheets and
  // antd's styles, so their code — page, antd scope, texts — is asked for only once the page is on screen (the
  // app's loader): it no longer competes with the first paint, and it is what the hydration waits for
  { pattern: /^\/contact$/, module: 'features/site/ContactPage', namespaces: ['site', 'errors'], antd: true, preload: true },
  { pattern: /^\/signup$/, module: 'features/auth/SignupPage', namespaces: ['auth', 'errors'], antd: true, preload: true },
  { pattern: /^\/login-test$/, module: 'features/auth/LoginTestPage', namespaces: ['auth', 'errors'], antd: true, preload: true },
  { pattern: /^\/forgot-password$/, module: 'features/auth/ForgotPasswordPage', namespaces: ['auth', 'errors'], antd: true, preload: true },
  { pattern: /^\/admin-login$/, module: 'features/admin/AdminLoginPage', namespaces: ['admin', 'errors'], antd: true, preload: true },
];

type ManifestEntry = { file: string; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestEntry>;
export type ModulePreloads = { scripts: string[]; styles: string[] };

const NONE: ModulePreloads = { scripts: [], styles: [] };

/** The build's manifest, or null when there is none. */
export function readManifest(webDist: string): Manifest | null {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Every manifest key `roots` load through static imports (roots included). */
function closure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((k) => manifest[k]);
  while (queue.length > 0) {
    const k = queue.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    for (const i of manifest[k]?.imports ?? []) if (!seen.has(i)) queue.push(i);
  }
  return seen;
}

/**
 * What a page path should preload beyond the shell: its page chunk, the antd scope (when it waits for it)
 * and its namespaces in the page's language (Chinese unless the visitor chose English), with their static imports, as URLs; their CSS too.
 */
export function modulePreloadsFor(
  manifest: Manifest | null,
  pathname: string,
  pages: PageModules[] = PAGE_MODULES,
  lang: 'zh-CN' | 'en' = 'zh-CN',
): ModulePreloads {
  if (!manifest) return NONE;
  const p = pathname.replace(/\/+$/, '') || '/';
  const page = pages.find((m) => m.pattern.test(p));
  if (!page?.preload) return NONE;
  const shell = closure(manifest, ['index.html']);
  const roots = [`${page.module}.tsx`, ...(page.antd ? ['app/AntdScope.tsx'] : []), ...page.namespaces.map((n) => `i18n/${lang}/${n}.ts`)];
  const scripts: string[] = [];
  const styles = new Set<string>();
  const shellStyles = new Set([...shell].flatMap((k) => manifest[k]?.css ?? []));
  for (const k of closure(manifest, roots)) {
    const entry = manifest[k];
    if (!entry || shell.has(k)) continue;
    scripts.push(`/${entry.file}`);
    for (const c of entry.css ?? []) if (!shellStyles.has(c)) styles.add(`/${c}`);
  }
  return { scripts, styles: [...styles] };
}
