import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import { withAntd } from '../../app/withAntd';
import { loadNamespaces } from '../../i18n';
import { AuthDialogContext, type AuthDialogApi, type AuthDialogOptions } from './authDialogContext';

// the dialog (antd Modal + forms + zod) is its own chunk, loaded on first use
const AuthDialog = lazy(() => {
  const dialog = Promise.all([import('./AuthDialog'), loadNamespaces(['auth'])]).then(([m]) => m);
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
  const value = useMemo<AuthDialogApi>(() => ({ open, close }), [open, close]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <AuthDialog key={state.seq} open={state.open} initialMode={state.opts.mode} initialUserType={state.opts.userType} onClose={close} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
