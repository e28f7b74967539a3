import type { ReactNode } from 'react';
import type { Me } from '../features/auth/api';
import { useMe } from '../features/auth/api';

/**
 * The one access gate of the signed-in pages, decided from the current session before any call:
 * `loading` while the session is unknown, `visitor` for a visitor, `denied` for another account type
 * than `role`, else `children(user)`. Each page family words its notices (accounts: 请先登录后再访问个人中心;
 * my tasks: 仅企业用户可访问此页面 …) through these slots; the server refuses the same cases on its own.
 */
export function Gate({
  role,
  loading,
  visitor,
  denied,
  children,
}: {
  /** the account type the page is for; omitted = any signed-in user */
  role?: 'influencer' | 'company' | 'agency';
  loading: ReactNode;
  visitor: ReactNode;
  denied?: ReactNode;
  children: (user: Me) => ReactNode;
}) {
  const me = useMe();
  if (me.isPending) return <>{loading}</>;
  const user = me.isError ? null : me.data;
  if (!user) return <>{visitor}</>;
  if (role && user.userType !== role) return <>{denied}</>;
  return <>{children(user)}</>;
}
