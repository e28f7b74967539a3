import type { Me } from '../../features/auth/api';

export type AccountKind = 'admin' | 'company' | 'influencer' | 'agency' | 'user';
export const accountKind = (user: Pick<Me, 'userType'>): AccountKind => user.userType ?? 'user';

/** the menu's title: an agency's own name (issue 40 item 6), else the account type (`userMenu.titles.*`) */
export const accountTitle = (user: Pick<Me, 'userType' | 'displayName'>, typeTitle: string): string =>
  user.userType === 'agency' && user.displayName ? user.displayName : typeTitle;

export type AccountEntry = {
  key: 'admin' | 'adminSetup' | 'workspace' | 'profile' | 'settings' | 'tasks' | 'deals' | 'messages' | 'wallet' | 'settlement' | 'staff' | 'developers';
  to: string;
};

/**
 * The user-menu entries (part 1 §2): admins get the console and admin settings only;
 * everyone else gets profile, settings and — influencers and companies — their tasks.
 */
export function accountEntries(kind: AccountKind, staffRole: 'admin' | 'operator' | null = null): AccountEntry[] {
  if (kind === 'admin') {
    return [
      { key: 'admin', to: '/admin' },
      { key: 'adminSetup', to: '/admin-setup' },
    ];
  }
  // an agency works from its workspace (机构工作台, decision 0044): first in its menu (issue 40 item 6)
  // a 运营 staff account (decision 0067): the workspace (acting for the roster), messages, its own password
  if (kind === 'agency' && staffRole === 'operator')
    return [
      { key: 'workspace', to: '/agency' },
      { key: 'messages', to: '/messages' },
      { key: 'settings', to: '/account-settings' },
    ];
  if (kind === 'agency')
    return [
      { key: 'workspace', to: '/agency' },
      { key: 'profile', to: '/agency-profile' },
      { key: 'settings', to: '/account-settings' },
      { key: 'messages', to: '/messages' },
      { key: 'wallet', to: '/wallet' },
      { key: 'settlement', to: '/agency-settlement' },
      { key: 'staff', to: '/agency-staff' },
      { key: 'developers', to: '/developers' },
    ];
  const profile = kind === 'influencer' ? '/influencer-profile' : kind === 'company' ? '/company-profile' : '/profile';
  const entries: AccountEntry[] = [
    { key: 'profile', to: profile },
    { key: 'settings', to: '/account-settings' },
  ];
  if (kind === 'influencer') entries.push({ key: 'tasks', to: '/influencer-tasks' });
  if (kind === 'company') entries.push({ key: 'tasks', to: '/company-tasks' });
  if (kind === 'influencer' || kind === 'company')
    entries.push(
      { key: 'deals', to: '/deals' },
      { key: 'messages', to: '/messages' },
      { key: 'wallet', to: '/wallet' },
      { key: 'developers', to: '/developers' },
    );
  return entries;
}

export const NAV_LINKS = [
  { key: 'home', to: '/' },
  { key: 'influencers', to: '/influencers' },
  { key: 'tasks', to: '/tasks' },
  { key: 'videos', to: '/videos' },
] as const;

export const FOOTER_LINKS = [
  { key: 'about', to: '/about' },
  { key: 'terms', to: '/terms' },
  { key: 'privacy', to: '/privacy' },
  { key: 'help', to: '/help' },
  { key: 'contact', to: '/contact' },
] as const;
