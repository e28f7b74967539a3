import type zh from '../zh-CN/adminInsights';
import type { Messages } from '../messages';

const en: Messages<typeof zh> = {
  settings: {
    intro: 'These settings take effect on the platform at once; every change is written to the audit log.',
    fee: 'Platform fee (%)',
    feeHelp: 'Charged on the deal amount, 0 to 50, at most one decimal',
    settlement: 'Settlement window (hours)',
    settlementHelp: 'How long after an undisputed live session the deal settles automatically',
    supportEmail: 'Support email',
    supportEmailHelp: 'Messages from the contact form are mailed here',
    signup: 'Sign-up open',
    signupInfluencer: 'Influencer sign-up',
    signupCompany: 'Company sign-up',
    announcement: 'Site announcement',
    announcementEnabled: 'Show the announcement on every page',
    textZh: 'Announcement (Chinese)',
    textEn: 'Announcement (English, optional)',
    tone: 'Style',
    tones: { info: 'Notice', warning: 'Warning' },
    save: 'Save settings',
    saved: 'Settings saved',
    saveFailed: 'Saving failed, please retry',
    loadFailed: 'Could not load the settings',
    lastUpdated: 'Last changed {{time}} ({{who}})',
    never: 'Never changed (defaults in force)',
  },
  analytics: {
    range: 'Date range',
    presets: { d7: 'Last 7 days', d30: 'Last 30 days', d90: 'Last 90 days' },
    exportCsv: 'Export CSV',
    loadFailed: 'Could not load the figures',
    empty: 'No data in this range',
    acceptance: 'Acceptance rate',
    noRate: 'No applications',
    charts: {
      users: 'New users',
      tasks: 'Tasks published and applications',
      categories: 'Tasks by category',
      funnel: 'Task funnel',
      topInfluencers: 'Top influencers (accepted)',
      topCompanies: 'Top companies (tasks published)',
    },
    series: {
      influencers: 'Influencers',
      companies: 'Companies',
      tasks: 'Tasks published',
      applications: 'Applications',
      accepted: 'Accepted',
      completed: 'Completed',
    },
    funnel: { published: 'Published', applied: 'With applications', accepted: 'Influencer chosen', completed: 'Completed' },
    columns: { name: 'Name', accepted: 'Accepted', completed: 'Completed', tasks: 'Tasks' },
  },
};

export default en;
