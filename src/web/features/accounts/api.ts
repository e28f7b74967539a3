import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountInfo, Settings } from '@shared/schemas/accounts';
import type { Me } from '@shared/schemas/auth';
import type {
  CompanyProfileResponse,
  CompanyProfileUpdate,
  InfluencerProfile,
  InfluencerProfileUpdate,
  MaterialsUpdate,
  VerificationRequestBody,
} from '@shared/schemas/profiles';
import type { UploadResponse } from '@shared/schemas/uploads';
import { ApiError, api, uploadFile, type UploadOptions } from '../../lib/api';
import { meQueryKey } from '../auth/api';

/**
 * Own profiles and account settings (part 1 §2). Query keys carry the user id, so a cached
 * profile of a previous account is never shown to the next one on a shared browser.
 */
export type CompanyData = CompanyProfileResponse;

export const influencerKey = (userId: string) => ['accounts', 'influencer', userId] as const;
export const companyKey = (userId: string) => ['accounts', 'company', userId] as const;
export const accountKey = (userId: string) => ['accounts', 'account', userId] as const;

/**
 * GET of the signed-in user's own data. Signing out (or in as someone else) invalidates every
 * query while the page is still mounted: the request is skipped then, instead of an expected 401.
 */
function ownGet<T>(client: QueryClient, userId: string, path: string, signal: AbortSignal): Promise<T> {
  if (client.getQueryData<Me | null>(meQueryKey)?.id !== userId) {
    return Promise.reject(new ApiError({ status: 401, code: 'UNAUTHENTICATED' }));
  }
  return api.get<T>(path, { signal });
}

export const influencerQuery = (userId: string) =>
  queryOptions({
    queryKey: influencerKey(userId),
    queryFn: ({ signal, client }) =>
      ownGet<{ profile: InfluencerProfile }>(client, userId, '/api/influencers/me', signal).then((r) => r.profile),
  });

export const companyQuery = (userId: string) =>
  queryOptions({
    queryKey: companyKey(userId),
    queryFn: ({ signal, client }) => ownGet<CompanyData>(client, userId, '/api/companies/me', signal),
  });

export const accountQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKey(userId),
    queryFn: ({ signal, client }) => ownGet<{ account: AccountInfo }>(client, userId, '/api/account', signal).then((r) => r.account),
  });

export type ImagePurpose = 'avatar' | 'logo' | 'image-test' | 'business-license';

/** POST /api/uploads?purpose=… (multipart `file`) with upload progress. */
export const uploadImage = (purpose: ImagePurpose, file: Blob, opts?: UploadOptions) =>
  uploadFile<UploadResponse>(`/api/uploads?purpose=${purpose}`, file, opts);

export function useSaveInfluencer(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InfluencerProfileUpdate) => api.put<{ profile: InfluencerProfile }>('/api/influencers/me', body),
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
    mutationFn: (body: MaterialsUpdate) => api.put<{ profile: InfluencerProfile }>('/api/influencers/me/materials', body),
    onSuccess: (res) => {
      qc.setQueryData(influencerKey(userId), res.profile);
      void qc.invalidateQueries({ queryKey: ['influencers'] });
    },
  });
}

export function useSaveCompany(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyProfileUpdate) => api.put<CompanyData>('/api/companies/me', body),
    onSuccess: (res) => qc.setQueryData(companyKey(userId), res),
  });
}

export function useRequestVerification(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationRequestBody) => api.post<CompanyData>('/api/companies/me/verification-requests', body),
    onSuccess: (res) => qc.setQueryData(companyKey(userId), res),
  });
}

function setAccount(qc: QueryClient, userId: string, account: AccountInfo) {
  qc.setQueryData(accountKey(userId), account);
}

export function useSaveSettings(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) => api.put<Settings>('/api/account/settings', patch),
    onSuccess: (settings) =>
      qc.setQueryData<AccountInfo>(accountKey(userId), (prev) => (prev ? { ...prev, settings } : prev)),
  });
}

export type CodeResponse = { ok: true; cooldownSeconds: number; expiresInSeconds: number };

export function useSendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => api.post<CodeResponse>('/api/account/phone/code', { phone }) });
}

export function useVerifyPhone() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) => api.post<{ ok: true }>('/api/account/phone/verify', body),
  });
}

export function useSavePhone(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api.put<{ account: AccountInfo }>('/api/account/phone', { phone }),
    onSuccess: (res) => {
      setAccount(qc, userId, res.account);
      void qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      api.post<{ ok: true }>('/api/account/password', body),
  });
}

export function useRequestDeletion(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<{ account: AccountInfo }>('/api/account/deletion-request', { confirm: true, ...(reason ? { reason } : {}) }),
    onSuccess: (res) => setAccount(qc, userId, res.account),
  });
}

export function useCancelDeletion(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ account: AccountInfo }>('/api/account/deletion-request'),
    onSuccess: (res) => setAccount(qc, userId, res.account),
  });
}
