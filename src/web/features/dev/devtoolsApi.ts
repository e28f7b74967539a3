import { useMutation } from '@tanstack/react-query';
import type { UploadResponse } from '@shared/schemas/uploads';
import { api, isApiError, uploadFile, type UploadOptions } from '../../lib/api';

/** Development-only endpoints of the test pages; all of them answer 404 in production. */
export type SmsCodeResponse = { ok: true; cooldownSeconds: number; expiresInSeconds: number };

export function useSendTestSms() {
  return useMutation({ mutationFn: (phone: string) => api.post<SmsCodeResponse>('/api/dev/sms-code', { phone }) });
}

export function useVerifyTestSms() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) => api.post<{ ok: true }>('/api/dev/sms-code/verify', body),
  });
}

/** POST /api/uploads?purpose=image-test (images ≤ 10 MB; signed-in users, development only). */
export const uploadTestImage = (file: Blob, opts?: UploadOptions) =>
  uploadFile<UploadResponse>('/api/uploads?purpose=image-test', file, opts);

/** The endpoint does not exist: a production server (the dev routes are not registered). */
export const isDevOnly = (err: unknown) => isApiError(err) && err.status === 404;
