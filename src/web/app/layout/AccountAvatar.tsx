import { UserOutlined } from '@ant-design/icons';
import type { Me } from '../../features/auth/api';

/** The account's picture in the header and the mobile menu (a logo or an avatar), else the person icon; 32 px either way. */
export function AccountAvatar({ user }: { user: Pick<Me, 'avatarUrl'> }) {
  return (
    <span className="user-trigger__avatar" aria-hidden="true">
      {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={32} height={32} className="user-trigger__img" decoding="async" /> : <UserOutlined />}
    </span>
  );
}
