/**
 * Moving the uploaded files (`npm run uploads:to-s3`, issue 27, decision 0039): every file under DATA_DIR/uploads
 * goes to the bucket under the same key (`/uploads/<key>` keeps working once STORAGE_DRIVER=s3). Resumable and
 * idempotent: an object already in the bucket with the same size and checksum is left alone, so a second run copies
 * nothing and an interrupted run picks up where it stopped (a PUT is whole or absent). Each upload carries its
 * Content-MD5 (the store refuses a body that arrives different) and is read back by HEAD: size, and the checksum
 * recorded with it (`x-amz-meta-sha256`) or the plain-MD5 ETag.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { contentTypeFor, isSafeKey, type S3Storage } from './storage';

export type UploadsMoveReport = { files: number; copied: number; present: number; bytesCopied: number; skipped: string[]; failed: string[]; ms: number };

type LocalFile = { key: string; file: string; size: number; md5: Buffer; sha256: string };

/** the probe objects of the start's self-check are not uploads */
const SELF_CHECK_PREFIX = '_selfcheck/';

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

async function hashFile(file: string): Promise<{ md5: Buffer; sha256: string }> {
  const md5 = createHash('md5');
  const sha = createHash('sha256');
  for await (const chunk of createReadStream(file)) {
    md5.update(chunk as Buffer);
    sha.update(chunk as Buffer);
  }
  return { md5: md5.digest(), sha256: sha.digest('hex') };
}

/** Is the object in the bucket this file: same size, and the same sha256 (ours) or MD5 (a plain ETag)? */
async function sameInBucket(storage: S3Storage, f: LocalFile): Promise<boolean> {
  try {
    const head = await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: f.key }));
    if (Number(head.ContentLength) !== f.size) return false;
    const sha = head.Metadata?.sha256;
    if (sha) return sha === f.sha256;
    const etag = (head.ETag ?? '').replace(/"/g, '');
    return /^[0-9a-f]{32}$/.test(etag) && etag === f.md5.toString('hex');
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

export async function copyUploadsToS3(
  root: string,
  storage: S3Storage,
  opts: { concurrency?: number; log?: (line: string) => void } = {},
): Promise<UploadsMoveReport> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const keys = (await listFiles(root)).filter((k) => !k.startsWith(SELF_CHECK_PREFIX));
  const report: UploadsMoveReport = { files: 0, copied: 0, present: 0, bytesCopied: 0, skipped: [], failed: [], ms: 0 };
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      // a name the server would never serve (and never wrote)
      if (!isSafeKey(key)) {
        report.skipped.push(key);
        continue;
      }
      report.files += 1;
      const file = path.join(root, ...key.split('/'));
      try {
        const { size } = await stat(file);
        const f: LocalFile = { key, file, size, ...(await hashFile(file)) };
        if (await sameInBucket(storage, f)) {
          report.present += 1;
          continue;
        }
        await storage.client.send(
          new PutObjectCommand({
            Bucket: storage.bucket,
            Key: key,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: contentTypeFor(key),
            ContentMD5: f.md5.toString('base64'),
            Metadata: { sha256: f.sha256 },
          }),
        );
        if (!(await sameInBucket(storage, f))) throw new Error('the object in the bucket differs from the file after the upload');
        report.copied += 1;
        report.bytesCopied += size;
        log(`copied ${key} (${size} bytes)`);
      } catch (err) {
        report.failed.push(`${key}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  report.ms = Math.round(performance.now() - started);
  return report;
}
