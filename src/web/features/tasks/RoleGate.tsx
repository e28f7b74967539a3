import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LockOutlined, StopOutlined } from '@ant-design/icons';
import type { Me } from '../auth/api';
import { Loading } from '../../components/Loading';
import { Gate } from '../../components/Gate';
import { useAuthDialog } from '../auth/authDialogContext';
import { StateBox } from '../../components/PageState';

/** `agency`: an influencer's page opened by an agency acting for a roster influencer (decision 0045) */
type Role = 'company' | 'influencer' | 'agency';

/**
 * Page access by account type (part 2 §6): visitors get a sign-in prompt (the sign-in dialog,
 * preset to the role), other account types 仅企业用户可访问此页面 / 仅达人用户可访问此页面.
 */
export function RoleGate({ role, children }: { role: Role; children: (user: Me) => ReactNode }) {
  const { t } = useTranslation('tasks');
  const authDialog = useAuthDialog();
  const visitor = (
    <div className="container tk-page">
      <StateBox
        testId="gate-signin"
        icon={<LockOutlined />}
        title={t('gate.signInTitle')}
        text={role === 'company' ? t('gate.signInCompany') : t('gate.signInInfluencer')}
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => authDialog.open({ mode: 'signin', userType: role })}
            data-testid="gate-signin-button"
          >
            {t('gate.signIn')}
          </button>
        }
      />
    </div>
  );
  const denied = (
    <div className="container tk-page">
      <StateBox
        testId="gate-denied"
        role="alert"
        tone="error"
        icon={<StopOutlined />}
        title={role === 'company' ? t('gate.companyOnly') : t('gate.influencerOnly')}
        actions={
          <>
            <Link to="/" className="btn btn--ghost">
              {t('gate.backHome')}
            </Link>
            <Link to="/tasks" className="btn btn--primary">
              {t('gate.toHall')}
            </Link>
          </>
        }
      />
    </div>
  );
  return (
    <Gate role={role} loading={<Loading />} visitor={visitor} denied={denied}>
      {children}
    </Gate>
  );
}
