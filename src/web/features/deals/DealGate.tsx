import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInGate } from '../../components/SignInGate';

/** The deal pages are for signed-in users (the server decides which deals each may see). */
export function DealGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('deals');
  return (
    <SignInGate className="dl-page" testId="deal-signin" title={t('signInTitle')} action={t('signIn')}>
      {() => children}
    </SignInGate>
  );
}
