import type zh from '../zh-CN/adminInsights';
import type { Messages } from '../messages';

const en: Messages<typeof zh> = {
  settings: {
    intro: 'These settings take effect on the platform at once; every change is written to the audit log.',
    fee: 'Platform fee (%)',
    feeHelp: 'Charged on the deal amount, 0 to 50, at most one decimal',
    settlement: 'Settlement window (hours)',
    settlementHelp: 'How long after an undisputed live session the deal settles automatically',
    invitationLimit: 'Daily invitations per task',
    invitationLimitHelp: 'How many invitations a company may send for one task in 24 hours, 1 to 200',
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
    payouts: 'Payouts',
    payoutMin: 'Minimum payout (USD)',
    payoutMinHelp: 'No payout below this amount; $1.00 to $100,000.00',
    official: 'Public holidays and make-up working days',
    officialHelp:
      'Expected payout dates count working days: weekends and the public holidays published by the State Council are skipped, make-up working days count (known for {{from}}–{{to}}). The coming year:',
    officialNone: 'No known public holiday in the coming year.',
    makeUp: 'Make-up working days',
    listSeparator: ', ',
    officialMissing:
      'The public holidays and make-up working days from {{year}} on are not known yet (they are usually published late in the year before). Until then only weekends are skipped on those dates: add their holidays and make-up working days below.',
    holidays: 'Extra holidays',
    holidaysHelp:
      'Type a date (YYYY-MM-DD) and press Enter, or paste several. Public holidays and weekends need no entry; a make-up working day entered here is not worked.',
    holidaysPlaceholder: 'e.g. 2026-10-01',
    workdays: 'Extra working days (make-up days)',
    workdaysHelp:
      'Weekend or holiday dates on which payouts are processed; they win over the public calendar. A date cannot be both a holiday and a working day.',
    preview: 'With these settings, a payout requested now is expected between {{earliest}} and {{latest}}.',
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
