/**
 * The notifications feature's public entry: what other features, the database seed, tests and scripts use.
 * Everything else in features/notifications is its own (eslint: local/feature-entry, decision 0035).
 */
export { addNotifications, browserLocale, queueNotificationMails, setNotificationLocale, type NewNotification } from './service';
