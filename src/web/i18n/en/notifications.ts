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
  markFailed: 'Something went wrong, please try again',
  unreadDot: 'Unread',
  relative: {
    justNow: 'Just now',
    minutes: '{{count}} min ago',
    hours: '{{count}} h ago',
    yesterday: 'Yesterday',
    days: '{{count}} days ago',
    days_one: '{{count}} day ago',
    weeks: '{{count}} weeks ago',
    weeks_one: '{{count}} week ago',
    months: '{{count}} months ago',
    months_one: '{{count}} month ago',
    years: '{{count}} years ago',
    years_one: '{{count}} year ago',
  },
};
export default en;
