import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Result } from 'antd';
import { useErrorText } from '../../lib/errors';

/** 访问被拒绝 with 用户未登录，请先登录 or 权限不足，只有超级管理员可以访问此页面 (part 2 §6), back home or sign in again. */
export function AdminDenied({ reason }: { reason: 'ADMIN_LOGIN_REQUIRED' | 'ADMIN_ONLY' }) {
  const { t } = useTranslation('admin');
  const { errorText } = useErrorText();
  return (
    <div className="adm-denied" data-testid="admin-denied">
      <Result
        status="403"
        title={<h1 className="adm-denied__title">{t('denied.title')}</h1>}
        subTitle={<span data-testid="admin-denied-reason">{errorText(reason)}</span>}
        extra={[
          <Link key="home" to="/">
            <Button>{t('denied.home')}</Button>
          </Link>,
          <Link key="login" to="/admin-login">
            <Button type="primary">{t('denied.relogin')}</Button>
          </Link>,
        ]}
      />
    </div>
  );
}
