import { useMutation } from '@tanstack/react-query';
import { isApiError, uploadFile, type UploadOptions } from '../../lib/api';
import { client, data, type Schema } from '../../lib/client';

/** Development-only endpoints of the test pages; all of them answer 404 in production. */

export function useSendTestSms() {
  return useMutation({ mutationFn: (phone: string) => data(client.POST('/api/dev/sms-code', { body: { phone } })) });
}

export function useVerifyTestSms() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) => data(client.POST('/api/dev/sms-code/verify', { body })),
  });
}

/** POST /api/uploads?purpose=image-test (images ≤ 10 MB; signed-in users, development only). */
export const uploadTestImage = (file: Blob, opts?: UploadOptions) => uploadFile<Schema<'UploadResponse'>>('/api/uploads?purpose=image-test', file, opts);

/** The endpoint does not exist: a production server (the dev routes are not registered). */
export const isDevOnly = (err: unknown) => isApiError(err) && err.status === 404;
