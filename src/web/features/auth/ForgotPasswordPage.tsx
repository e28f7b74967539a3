import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useFeedback } from '../../components/feedback';
import { usePageTitle } from '../../lib/usePageTitle';
import { SignInPanel } from './SignInPanel';
import './auth.css';

/** /forgot-password — 重置密码 (linked from the mails); after the reset the sign-in form takes its place. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.documentTitle'));
  const navigate = useNavigate();
  const feedback = useFeedback();

  return (
    <div className="auth-page auth-page--narrow">
      <div className="container">
        <section className="card auth-card" aria-labelledby="reset-title">
          <Link to="/" className="auth-card__back">
            <ArrowLeftOutlined aria-hidden="true" /> {t('page.backHome')}
          </Link>
          <h1 id="reset-title" className="auth-card__title">
            {t('reset.title')}
          </h1>
          <p className="auth-card__subtitle">{t('reset.pageSubtitle')}</p>
          <SignInPanel
            initialMode="reset"
            onSuccess={() => {
              feedback.success(t('login.success'));
              navigate('/');
            }}
          />
        </section>
      </div>
    </div>
  );
}
