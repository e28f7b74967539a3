import { ERRORS, type ErrorCode } from '@shared/errors';

/**
 * The server's error codes in Chinese (decision 0069): a namespace of its own, loaded with the pages and dialogs that
 * show errors (lib/errors.ts), not with every page. The texts stay in `@shared/errors` (one table for the server's
 * answers and the web); placeholders are `{name}`, filled by lib/errors.ts, not by i18next.
 */
const zh = Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.zh])) as Record<ErrorCode, string>;
export default zh;
