import { useCallback, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginRequest, PasswordResetConfirm, SignupRequest } from '@shared/schemas/auth';
import type { TalentType } from '@shared/options';
import { LIMITS } from '@shared/limits';
import { isApiError, uploadFile, type UploadOptions } from '../../lib/api';
import { client, data, type Schema } from '../../lib/client';
import { clearOwnedStorage } from '../../lib/storage';
import { delay } from '../../lib/time';
import { usePageHydrated } from '../../app/hydration';

/**
 * Auth api hooks. This module is part of the app shell (the header needs `useMe`), so it
 * must stay light: no zod here (forms validate in their own lazy chunks).
 */
export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user as the API document describes it. */
export type Me = Schema<'Me'>;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }): Promise<Me | null> => {
    // the session fetch gives up after 10 s (part 1 §4); a timeout counts as signed out
    const timeout = AbortSignal.timeout(LIMITS.loadingTimeoutMs);
    const both = AbortSignal.any ? AbortSignal.any([signal, timeout]) : signal;
    try {
      // 200 for everyone ({user: null} for visitors): no 401 in the console of every visitor
      const res = await data(client.GET('/api/auth/session', { signal: both }));
      return res.user;
    } catch (e) {
      if (isApiError(e) && e.status === 401) return null;
      if (e instanceof DOMException && e.name === 'TimeoutError') return null;
      throw e;
    }
  },
  staleTime: 60_000,
  // no retry (decision 0036): every page's gate waits on this answer; a failure shows the visitor's view at
  // once instead of after the retry's delay, and the next focus or sign-in asks again
  retry: false,
});

/**
 * The signed-in user: `data` is the user, `null` when signed out, undefined while loading. Asked for once the page
 * the server rendered is hydrated (app/hydration.ts).
 */
export const useMe = () => useQuery({ ...meQuery, enabled: usePageHydrated() });

function afterAuthChange(qc: QueryClient, user: Me | null) {
  qc.setQueryData(meQueryKey, user);
  // everything else may depend on who is signed in
  void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => data(client.POST('/api/auth/login', { body })),
    onSuccess: (res) => afterAuthChange(qc, res.user),
  });
}

export function useSignup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupRequest) => data(client.POST('/api/auth/signup', { body })),
    onSuccess: (res) => {
      clearOwnedStorage();
      afterAuthChange(qc, res.user);
    },
  });
}

export type EmailCodeResponse = Schema<'EmailCodeResponse'>;

export function useSendEmailCode() {
  return useMutation({
    mutationFn: (email: string) => data(client.POST('/api/auth/email-code', { body: { email } })),
  });
}

export function useVerifyEmailCode() {
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => data(client.POST('/api/auth/email-code/verify', { body })),
  });
}

/** 忘记密码: asks for a reset code (the same answer whether the address is registered or not). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => data(client.POST('/api/auth/password-reset/request', { body: { email } })),
  });
}

/** Sets the new password with the mailed code; the server ends every session of the account. */
export function useConfirmPasswordReset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirm) => data(client.POST('/api/auth/password-reset/confirm', { body })),
    onSuccess: () => {
      // a session this browser had is gone too
      if (qc.getQueryData(meQueryKey)) {
        clearOwnedStorage();
        afterAuthChange(qc, null);
      }
    },
  });
}

/** Portfolio upload (allowed once the email is verified: the verify call sets a cookie). */
export const uploadPortfolioFile = (talentType: TalentType, file: Blob, opts?: UploadOptions) =>
  uploadFile<Schema<'UploadResponse'>>(`/api/uploads?purpose=portfolio&talentType=${encodeURIComponent(talentType)}`, file, opts);

/**
 * Sign-out with the spec's ~1 s busy state. Local state is cleared even when the call fails
 * (the failure is only logged). Callers close their menus and go home afterwards.
 */
/** true from the moment a sign-out starts until the session is cleared locally */
let signingOut = false;
/** Parts that open connections of their own (the live event stream) do not start one while signing out. */
export const isSigningOut = () => signingOut;
/**
 * Whether a private query of `userId` may still ask the server: that user is signed in here and no
 * sign-out is under way (once the logout call has answered, a request would only earn a 401).
 */
export const sessionIs = (client: QueryClient, userId: string) => !signingOut && client.getQueryData<Me | null>(meQueryKey)?.id === userId;

export function useSignOut() {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const signOut = useCallback(async () => {
    setBusy(true);
    signingOut = true;
    // a private request still on its way would come back 401 once the session ends: abort it first
    await qc.cancelQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    try {
      await Promise.all([
        data(client.POST('/api/auth/logout')).catch((e: unknown) => {
          console.warn('Sign-out request failed; clearing the local session anyway.', e);
        }),
        delay(LIMITS.logoutBusyMs),
      ]);
    } finally {
      clearOwnedStorage();
      afterAuthChange(qc, null);
      signingOut = false;
      setBusy(false);
    }
  }, [qc]);
  return { signOut, busy };
}
