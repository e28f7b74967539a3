/** part 2 §9: admin version 1.0.0; success messages clear after 3 s; page size of the video table 20 */
export const ADMIN_VERSION = '1.0.0';
export const SUCCESS_MS = 3000;
export const VIDEO_PAGE_SIZE = 20;
/** /admin-login: go to /admin 800 ms after success; a sign-in gives up after 30 s; the debug log keeps 9 entries */
export const LOGIN_REDIRECT_MS = 800;
export const LOGIN_TIMEOUT_MS = 30_000;
export const DEBUG_LOG_SIZE = 9;
