import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { SignupUserType } from '@shared/options';
import { usePageTitle } from '../../lib/usePageTitle';
import { SignupForm } from './SignupForm';
import { useSignupSuccess } from './useSignupSuccess';
import './auth.css';
import { useBusinessValues } from '../../app/siteSettings';

/** /signup — registration page; `?type=company` preselects the company account type. */
export default function SignupPage() {
  const { t } = useTranslation('auth');
  const businessValues = useBusinessValues();
  usePageTitle(t('page.documentTitle'));
  const [params] = useSearchParams();
  const asked = params.get('type');
  const type: SignupUserType = asked === 'company' || asked === 'agency' ? asked : 'influencer';
  const onSuccess = useSignupSuccess();

  return (
    <div className="auth-page">
      <div className="container auth-page__grid">
        <aside className="auth-aside" aria-labelledby="signup-aside-title">
          <div className="auth-aside__inner">
            <h2 id="signup-aside-title" className="auth-aside__title">
              {t('page.asideTitle')}
            </h2>
            <ul className="auth-aside__points">
              {(['one', 'two', 'three', 'four'] as const).map((k) => (
                <li key={k}>
                  <CheckCircleFilled aria-hidden="true" />
                  <span>{t(`page.asidePoints.${k}`, businessValues)}</span>
                </li>
              ))}
            </ul>
            <div className="auth-aside__art" aria-hidden="true">
              <span className="bubble bubble--1" />
              <span className="bubble bubble--2" />
              <span className="bubble bubble--3" />
            </div>
          </div>
        </aside>

        <section className="card auth-card" aria-labelledby="signup-title">
          <Link to="/" className="auth-card__back" data-testid="signup-back-home">
            <ArrowLeftOutlined aria-hidden="true" /> {t('page.backHome')}
          </Link>
          <h1 id="signup-title" className="auth-card__title">
            {t('page.title')}
          </h1>
          <p className="auth-card__subtitle">{t('page.subtitle')}</p>
          <SignupForm key={type} variant="page" initialUserType={type} onSuccess={(_user, userType) => onSuccess(userType)} />
          <p className="auth-card__foot">
            <Link to="/login-test" data-testid="signup-have-account">
              {t('page.haveAccount')}
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
