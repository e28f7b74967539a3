/**
 * The webhooks feature's public entry (decision 0035): signed webhooks of the open platform (decision 0042) —
 * `emitWebhookEvent(tx, …)` for the features whose changes are events, the delivery worker, the routes.
 */
export { webhookRoutes } from './routes';
export { emitWebhookEvent, type WebhookEvent } from './outbox';
export { deliverWebhooks } from './delivery';
export { outboxBacklog } from './backlog';
