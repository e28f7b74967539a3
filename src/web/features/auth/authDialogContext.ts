import { createContext, useContext } from 'react';
import type { SignupUserType } from '@shared/options';

export type AuthDialogMode = 'signin' | 'signup';
export type AuthDialogOptions = { mode?: AuthDialogMode; userType?: SignupUserType };
export type AuthDialogApi = {
  open: (opts?: AuthDialogOptions) => void;
  close: () => void;
  /** the welcome with the next steps a company sees after signing up */
  welcomeCompany: () => void;
};

export const AuthDialogContext = createContext<AuthDialogApi | null>(null);

/** Opens the sign-in / sign-up dialog from anywhere inside the app layout. */
export function useAuthDialog(): AuthDialogApi {
  const ctx = useContext(AuthDialogContext);
  if (!ctx) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return ctx;
}
