/**
 * An S3-compatible server of the test's own on loopback (the `s3rver` package, files in a temp dir), on a
 * free port. Like the simple gateways and older MinIO it stores a request body as it comes: an upload sent
 * with the SDK's `aws-chunked` framing is stored with the framing inside (issue 27), so a test against it
 * fails when the client sends it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** the settings that point the app's storage at this server (config.ts) */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** s3rver's fixed credentials */
export const S3RVER_KEY = 'S3RVER';

export async function startS3Server(bucket = 'uploads'): Promise<S3Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
