/**
 * The mail feature's public entry (decision 0035): the one-click unsubscribe and the admin's view of failed mail
 * (decision 0040). Queueing and sending mail is platform/mailQueue.ts (queueMail), which every feature uses.
 */
export { mailRoutes } from './routes';
