/**
 * Every page address of the web app, in one table both sides read: the browser's router gives each path its page
 * (src/web/app/router.tsx, a Record over these paths, so a path without a page or a page without a path does not
 * type-check), and the server answers exactly these addresses with the app (status 200; every other address is a
 * 404 page) and renders the `render` ones with their data (decision 0034).
 * `dev`: the developer pages (they read the outbox, try uploads and routes) — development only, 404 in production
 * (decision 0032). `/admin` is the admin console's own full-screen layout; `/` is the home page.
 */
export const APP_PAGES = [
  { path: '/', render: true },
  { path: '/admin' },
  { path: '/signup', render: true },
  { path: '/login-test', render: true },
  { path: '/forgot-password', render: true },
  { path: '/email-test', dev: true },
  { path: '/sms-test', dev: true },
  { path: '/image-upload-test', dev: true },
  { path: '/influencer-image-upload-test', dev: true },
  { path: '/influencer-profile' },
  { path: '/materials' },
  { path: '/company-profile' },
  { path: '/profile' },
  { path: '/account-settings' },
  { path: '/tasks', render: true },
  { path: '/task' },
  { path: '/task/:id', render: true },
  { path: '/company-tasks' },
  { path: '/influencer-tasks' },
  { path: '/influencers', render: true },
  { path: '/influencer' },
  { path: '/influencer/:id', render: true },
  { path: '/company' },
  { path: '/company/:id', render: true },
  { path: '/agency' },
  { path: '/agency-profile' },
  { path: '/agency-settlement' },
  { path: '/agency-staff' },
  { path: '/agency-staff/accept' },
  { path: '/agency/:id', render: true },
  { path: '/deals' },
  { path: '/deal/:id' },
  { path: '/messages' },
  { path: '/messages/:id' },
  { path: '/wallet' },
  { path: '/wallet/sandbox-pay/:id' },
  { path: '/wallet/topup-result' },
  { path: '/wallet/receipt/:id' },
  { path: '/developers' },
  { path: '/videos', render: true },
  { path: '/video/:id', render: true },
  { path: '/about', render: true },
  { path: '/terms', render: true },
  { path: '/privacy', render: true },
  { path: '/help', render: true },
  { path: '/contact', render: true },
  { path: '/admin-login', render: true },
  { path: '/admin-setup' },
  { path: '/route-test', dev: true },
  { path: '/route-test/:id', dev: true },
] as const satisfies readonly { path: `/${string}`; render?: true; dev?: true }[];

export type AppPath = (typeof APP_PAGES)[number]['path'];
/** the paths inside the app's layout (all but the home page and the admin console) */
export type LayoutPath = Exclude<AppPath, '/' | '/admin'>;

export const APP_PATHS: readonly AppPath[] = APP_PAGES.map((p) => p.path);
export const DEV_PATHS: readonly AppPath[] = APP_PAGES.filter((p) => 'dev' in p && p.dev).map((p) => p.path);
export const RENDERED_PATHS: readonly AppPath[] = APP_PAGES.filter((p) => 'render' in p && p.render).map((p) => p.path);

/**
 * The address parameter of an agency acting for a roster influencer (`?as=<influencers.id>`, decision 0045) on the
 * influencer's pages: the web app sends `onBehalfOf` with their calls; the server's page status (/deal/{id}) and
 * preloads read it too.
 */
export const ACTING_PARAM = 'as';
