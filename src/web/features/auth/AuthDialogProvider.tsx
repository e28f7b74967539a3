import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import { withAntd } from '../../app/withAntd';
import { loadNamespaces } from '../../i18n';
import { AuthDialogContext, type AuthDialogApi, type AuthDialogOptions } from './authDialogContext';

// the dialog (antd Modal + forms + zod) is its own chunk, loaded on first use
const AuthDialog = lazy(() => {
  const dialog = Promise.all([import('./AuthDialog'), loadNamespaces(['auth', 'errors'])]).then(([m]) => m);
  return withAntd(dialog);
});

// the company's welcome after sign-up, also its own chunk
const CompanyWelcomeDialog = lazy(() => {
  const dialog = Promise.all([import('./CompanyWelcomeDialog'), loadNamespaces(['auth'])]).then(([m]) => m);
  return withAntd(dialog);
});

type State = { open: boolean; opts: Required<AuthDialogOptions>; seq: number };

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State | null>(null);
  const open = useCallback((opts?: AuthDialogOptions) => {
    setState((s) => ({
      open: true,
      opts: { mode: opts?.mode ?? 'signin', userType: opts?.userType ?? 'influencer' },
      seq: (s?.seq ?? 0) + 1,
    }));
  }, []);
  const close = useCallback(() => setState((s) => (s ? { ...s, open: false } : s)), []);
  const [welcome, setWelcome] = useState<{ open: boolean; seq: number } | null>(null);
  const welcomeCompany = useCallback(() => setWelcome((w) => ({ open: true, seq: (w?.seq ?? 0) + 1 })), []);
  const closeWelcome = useCallback(() => setWelcome((w) => (w ? { ...w, open: false } : w)), []);
  const value = useMemo<AuthDialogApi>(() => ({ open, close, welcomeCompany }), [open, close, welcomeCompany]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <AuthDialog key={state.seq} open={state.open} initialMode={state.opts.mode} initialUserType={state.opts.userType} onClose={close} />
        </Suspense>
      )}
      {welcome && (
        <Suspense fallback={null}>
          <CompanyWelcomeDialog key={welcome.seq} open={welcome.open} onClose={closeWelcome} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
