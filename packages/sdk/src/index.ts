/**
 * @livecommerce/sdk — the typed client of the live-commerce marketplace API for your own systems (API keys), its
 * pagination helpers and the verification of signed webhooks. See README.md.
 */
export { createClient, type Call, type CallInit, type ClientOptions, type LiveCommerceClient, type PathsWith, type SuccessBody } from './client.js';
export { ApiError, isApiError, type ErrorBody, type ErrorCode } from './errors.js';
export { cursorPages, eachItem, pages, type CursorPath, type PagedPath } from './pagination.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type GenericWebhookEvent,
  type VerifyOptions,
  type WebhookEvent,
  type WebhookFailure,
  type WebhookHeaders,
} from './webhooks.js';
export { API_VERSION, type components, type operations, type paths } from './generated/api.js';

import type { components } from './generated/api.js';
/** a schema of the API document by name: `Schema<'TaskCard'>` */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
