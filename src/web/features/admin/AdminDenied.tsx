import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StateBox } from '../../components/PageState';
import { useErrorText } from '../../lib/errors';

/** 访问被拒绝 with 用户未登录，请先登录 or 权限不足，只有超级管理员可以访问此页面 (part 2 §6), back home or sign in again. */
export function AdminDenied({ reason }: { reason: 'ADMIN_LOGIN_REQUIRED' | 'ADMIN_ONLY' }) {
  const { t } = useTranslation('admin');
  const { errorText } = useErrorText();
  return (
    <div className="adm-denied" data-testid="admin-denied">
      <StateBox
        level={1}
        tone="error"
        role="alert"
        icon={<span className="tk-state__mark">!</span>}
        title={t('denied.title')}
        text={<span data-testid="admin-denied-reason">{errorText(reason)}</span>}
        actions={
          <>
            <Link to="/" className="btn btn--ghost">
              {t('denied.home')}
            </Link>
            <Link to="/admin-login" className="btn btn--primary">
              {t('denied.relogin')}
            </Link>
          </>
        }
      />
    </div>
  );
}
