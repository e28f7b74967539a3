import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockOutlined } from '@ant-design/icons';
import { Gate } from '../../components/Gate';
import { Loading, StateBox } from '../../components/PageState';

/** The money pages' gate: signed-in readers see the page, visitors are asked to sign in (钱包: 请先登录). */
export function MoneyGate({ children }: { children: () => ReactNode }) {
  const { t } = useTranslation('money');
  return (
    <Gate
      loading={<Loading />}
      visitor={
        <div className="container wl-page">
          <StateBox icon={<LockOutlined />} title={t('signInTitle')} />
        </div>
      }
    >
      {children}
    </Gate>
  );
}
