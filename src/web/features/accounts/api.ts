import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Settings } from '@shared/schemas/accounts';
import type { CompanyProfileUpdate, InfluencerProfileUpdate, MaterialsUpdate, VerificationRequestBody } from '@shared/schemas/profiles';
import { ApiError, uploadFile, type UploadOptions } from '../../lib/api';
import { client, data, type Schema } from '../../lib/client';
import { meQueryKey, type Me } from '../auth/api';

/**
 * Own profiles and account settings (part 1 §2). Query keys carry the user id, so a cached
 * profile of a previous account is never shown to the next one on a shared browser.
 */
export type CompanyData = Schema<'CompanyProfileResponse'>;
export type AccountInfo = Schema<'AccountInfo'>;
export type InfluencerProfile = Schema<'InfluencerProfile'>;

export const influencerKey = (userId: string) => ['accounts', 'influencer', userId] as const;
export const companyKey = (userId: string) => ['accounts', 'company', userId] as const;
export const accountKey = (userId: string) => ['accounts', 'account', userId] as const;

/**
 * GET of the signed-in user's own data. Signing out (or in as someone else) invalidates every
 * query while the page is still mounted: the request is skipped then, instead of an expected 401.
 */
function ownGet<T>(qc: QueryClient, userId: string, call: () => Promise<T>): Promise<T> {
  if (qc.getQueryData<Me | null>(meQueryKey)?.id !== userId) {
    return Promise.reject(new ApiError({ status: 401, code: 'UNAUTHENTICATED' }));
  }
  return call();
}

export const influencerQuery = (userId: string) =>
  queryOptions({
    queryKey: influencerKey(userId),
    queryFn: ({ signal, client: qc }) => ownGet(qc, userId, () => data(client.GET('/api/influencers/me', { signal }))).then((r) => r.profile),
  });

export const companyQuery = (userId: string) =>
  queryOptions({
    queryKey: companyKey(userId),
    queryFn: ({ signal, client: qc }) => ownGet(qc, userId, () => data(client.GET('/api/companies/me', { signal }))),
  });

export const accountQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKey(userId),
    queryFn: ({ signal, client: qc }) => ownGet(qc, userId, () => data(client.GET('/api/account', { signal }))).then((r) => r.account),
  });

export type ImagePurpose = 'avatar' | 'logo' | 'image-test' | 'business-license';

/** POST /api/uploads?purpose=… (multipart `file`) with upload progress. */
export const uploadImage = (purpose: ImagePurpose, file: Blob, opts?: UploadOptions) =>
  uploadFile<Schema<'UploadResponse'>>(`/api/uploads?purpose=${purpose}`, file, opts);

export function useSaveInfluencer(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InfluencerProfileUpdate) => data(client.PUT('/api/influencers/me', { body })),
    onSuccess: (res) => {
      qc.setQueryData(influencerKey(userId), res.profile);
      // the header / lists may show the nickname or avatar
      void qc.invalidateQueries({ queryKey: ['influencers'] });
    },
  });
}

export function useSaveMaterials(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MaterialsUpdate) => data(client.PUT('/api/influencers/me/materials', { body })),
    onSuccess: (res) => {
      qc.setQueryData(influencerKey(userId), res.profile);
      void qc.invalidateQueries({ queryKey: ['influencers'] });
    },
  });
}

export function useSaveCompany(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyProfileUpdate) => data(client.PUT('/api/companies/me', { body })),
    onSuccess: (res) => qc.setQueryData(companyKey(userId), res),
  });
}

export function useRequestVerification(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationRequestBody) => data(client.POST('/api/companies/me/verification-requests', { body })),
    onSuccess: (res) => qc.setQueryData(companyKey(userId), res),
  });
}

function setAccount(qc: QueryClient, userId: string, account: AccountInfo) {
  qc.setQueryData(accountKey(userId), account);
}

export function useSaveSettings(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => data(client.PUT('/api/account/settings', { body: patch })),
    onSuccess: (settings) => qc.setQueryData<AccountInfo>(accountKey(userId), (prev) => (prev ? { ...prev, settings } : prev)),
  });
}

export type CodeResponse = Schema<'PhoneCodeResponse'>;

export function useSendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => data(client.POST('/api/account/phone/code', { body: { phone } })) });
}

export function useVerifyPhone() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) => data(client.POST('/api/account/phone/verify', { body })),
  });
}

export function useSavePhone(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => data(client.PUT('/api/account/phone', { body: { phone } })),
    onSuccess: (res) => {
      setAccount(qc, userId, res.account);
      void qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) => data(client.POST('/api/account/password', { body })),
  });
}

export function useRequestDeletion(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => data(client.POST('/api/account/deletion-request', { body: { confirm: true, ...(reason ? { reason } : {}) } })),
    onSuccess: (res) => setAccount(qc, userId, res.account),
  });
}

export function useCancelDeletion(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.DELETE('/api/account/deletion-request')),
    onSuccess: (res) => setAccount(qc, userId, res.account),
  });
}
