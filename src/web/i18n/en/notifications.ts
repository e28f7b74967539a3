import type { Messages } from '../messages';
import type zh from '../zh-CN/notifications';

const en: Messages<typeof zh> = {
  label: 'Notifications',
  bellLabel: 'Notifications, {{count}} unread',
  bellLabelNone: 'Notifications, none unread',
  title: 'Notifications',
  unread: '{{count}} unread',
  readAll: 'Mark all as read',
  empty: 'No notifications yet',
  loading: 'Loading notifications',
  loadFailed: 'Could not load notifications',
  retry: 'Retry',
  markFailed: 'Something went wrong, please try again',
  unreadDot: 'Unread',
  types: {
    application_received: { title: 'New application', body: '{{name}} applied for "{{task}}" with a quote of ${{rate}}.' },
    application_accepted: { title: 'Your application was accepted', body: 'Congratulations! Your application for "{{task}}" was accepted.' },
    application_refused: { title: 'Your application was not accepted', body: 'Sorry, your application for "{{task}}" was not accepted.' },
    task_cancelled: { title: 'Task cancelled', body: 'The company cancelled the task "{{task}}".' },
    task_completed: { title: 'Task completed', body: 'The company marked the task "{{task}}" as completed.' },
  },
  relative: {
    justNow: 'Just now',
    minutes: '{{count}} min ago',
    hours: '{{count}} h ago',
    yesterday: 'Yesterday',
    days: '{{count}} days ago',
    weeks: '{{count}} weeks ago',
    months: '{{count}} months ago',
    years: '{{count}} years ago',
  },
};
export default en;
