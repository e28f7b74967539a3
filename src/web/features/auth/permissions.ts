import type { UserType } from '@shared/options';

/** Quick-login test permissions (part 1 §6). */
export const TEST_PERMISSIONS = {
  influencer: ['profile_edit', 'content_upload', 'campaign_view'],
  company: ['profile_edit', 'campaign_create', 'influencer_search', 'analytics_view'],
} as const;

export type TestPermission = (typeof TEST_PERMISSIONS)[keyof typeof TEST_PERMISSIONS][number];

export function testPermissions(userType: UserType | null): readonly TestPermission[] {
  if (userType === 'influencer') return TEST_PERMISSIONS.influencer;
  if (userType === 'company') return TEST_PERMISSIONS.company;
  return [];
}
