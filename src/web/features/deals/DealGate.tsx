import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockOutlined } from '@ant-design/icons';
import { Gate } from '../../components/Gate';
import { StateBox } from '../../components/StateBox';
import { PageLoading } from '../../app/PageLoading';
import { useAuthDialog } from '../auth/authDialogContext';

/** The deal pages are for signed-in users (the server decides which deals each may see). */
export function DealGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('deals');
  const authDialog = useAuthDialog();
  return (
    <Gate
      loading={<PageLoading />}
      visitor={
        <div className="container dl-page">
          <StateBox
            testId="deal-signin"
            icon={<LockOutlined />}
            title={t('signInTitle')}
            actions={
              <button type="button" className="btn btn--primary" onClick={() => authDialog.open({ mode: 'signin' })} data-testid="deal-signin-button">
                {t('signIn')}
              </button>
            }
          />
        </div>
      }
    >
      {() => children}
    </Gate>
  );
}
