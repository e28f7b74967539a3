import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, copyFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** `size` is the whole object's size, also when only a range of it is streamed. */
export type StoredObject = { stream: Readable; size: number; contentType: string };

/** Where uploaded files live. Keys are relative POSIX paths such as `talent_portfolios/<owner>/<type>/<ts>.webp`. */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** moves (local) or uploads (s3) a finished temporary file to `key` */
  putFile(key: string, tmpPath: string, contentType: string): Promise<void>;
  /** the object, or only bytes `start`..`end` (inclusive) of it */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** the absolute path for local files (lets the server use sendFile with range support) */
  localPath?(key: string): string;
  /** health: resolves when files can be stored (the directory is writable, the bucket answers) */
  check(signal: AbortSignal): Promise<void>;
}

export const contentTypeFor = (key: string): string => {
  const ext = path.extname(key).toLowerCase();
  return (
    {
      '.webp': 'image/webp',
      '.jpg': 'image/jpeg',
      '.jpeg': 'image/jpeg',
      '.png': 'image/png',
      '.gif': 'image/gif',
      '.mp4': 'video/mp4',
      '.webm': 'video/webm',
      '.mov': 'video/quicktime',
      '.m4v': 'video/x-m4v',
    }[ext] ?? 'application/octet-stream'
  );
};

/** A single `bytes=a-b` or `bytes=a-` range; anything else (several ranges, a suffix) is answered whole. */
export const parseByteRange = (header: string | undefined): { start: number; end?: number } | undefined => {
  const m = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : undefined;
  return end !== undefined && end < start ? undefined : { start, ...(end !== undefined ? { end } : {}) };
};

export const isSafeKey = (key: string) =>
  /^[A-Za-z0-9_\-/.]+$/.test(key) && !key.split('/').some((p) => p === '..' || p === '.' || p === '') && !key.startsWith('/');

export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  constructor(private root: string) {}
  localPath(key: string) {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return path.join(this.root, ...key.split('/'));
  }
  async putFile(key: string, tmpPath: string) {
    const dest = this.localPath(key);
    await mkdir(path.dirname(dest), { recursive: true });
    try {
      await rename(tmpPath, dest);
    } catch {
      await copyFile(tmpPath, dest); // different filesystem
      await rm(tmpPath, { force: true });
    }
  }
  async get(key: string, range?: { start: number; end?: number }) {
    if (!isSafeKey(key)) return null;
    const file = this.localPath(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file, range), size: s.size, contentType: contentTypeFor(key) };
    } catch {
      return null;
    }
  }
  async delete(key: string) {
    await rm(this.localPath(key), { force: true });
  }
  async check() {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}

/**
 * The client for S3 and S3-compatible stores (Aliyun OSS, Tencent COS, Huawei OBS, MinIO, Ceph RGW, …).
 * Checksums only when an operation requires one: since its early-2025 releases the SDK otherwise sends a
 * streamed upload as `aws-chunked` with a trailing CRC32, which AWS decodes but OSS, COS and OBS refuse
 * and older MinIO and simple gateways store as it came — the framing inside the object (issue 27).
 */
export function s3Client(cfg: S3Settings): S3Client {
  return new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404 || e?.$metadata?.httpStatusCode === 416;
};

export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  constructor(private cfg: S3Settings) {
    this.client = s3Client(cfg);
  }
  get bucket() {
    return this.cfg.bucket;
  }
  async putFile(key: string, tmpPath: string, contentType: string) {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    const { size } = await stat(tmpPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: key,
        Body: createReadStream(tmpPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await rm(tmpPath, { force: true });
  }
  async get(key: string, range?: { start: number; end?: number }) {
    if (!isSafeKey(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}) }),
      );
      if (!out.Body) return null;
      // a ranged answer says the whole size after the slash: `bytes 0-9/100004`
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : Number(out.ContentLength ?? 0);
      return { stream: out.Body as Readable, size: total, contentType: out.ContentType ?? contentTypeFor(key) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }
  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }
  async check(signal: AbortSignal) {
    await this.client.send(new HeadBucketCommand({ Bucket: this.cfg.bucket }), { abortSignal: signal });
  }
}

/** Why a storage self-check failed, in words an operator can act on. */
export class StorageCheckError extends Error {}

const describeS3Error = (err: unknown, cfg: Config['storage']): string => {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } };
  const where = cfg.driver === 's3' ? `bucket "${cfg.bucket}" at ${cfg.endpoint ?? `AWS S3 (${cfg.region})`}` : `directory ${cfg.dir}`;
  const name = e?.name ?? '';
  const code = e?.code ?? e?.cause?.code ?? '';
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(code))
    return `cannot reach the storage endpoint (${code}) for ${where}: check S3_ENDPOINT`;
  if (name === 'NoSuchBucket' || (e?.$metadata?.httpStatusCode === 404 && name !== 'NoSuchKey')) return `the ${where} does not exist: check S3_BUCKET`;
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden', 'InvalidSecurity'].includes(name) || e?.$metadata?.httpStatusCode === 403)
    return `the ${where} refused the credentials (${name || '403'}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY and the key's permissions (put, get, delete)`;
  if (code === 'EACCES' || code === 'EROFS' || code === 'ENOSPC') return `cannot write to the ${where} (${code})`;
  return `the ${where} failed the check: ${name || code || 'error'}${e?.message ? ` — ${e.message}` : ''}`;
};

/**
 * The start's storage self-check: writes a small probe object, reads it back byte for byte, deletes it.
 * Throws a StorageCheckError naming what is wrong (endpoint, bucket, credentials, or bytes changed on the
 * way, as a store that keeps `aws-chunked` framing would do).
 */
export async function selfCheckStorage(storage: Storage, cfg: Config['storage']): Promise<void> {
  const probe = Buffer.concat([Buffer.from('storage self-check '), randomBytes(16)]);
  const key = `_selfcheck/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.bin`;
  const tmp = path.join(os.tmpdir(), `lc-probe-${randomBytes(6).toString('hex')}`);
  await writeFile(tmp, probe);
  let step = 'write';
  try {
    await storage.putFile(key, tmp, 'application/octet-stream');
    step = 'read back';
    const obj = await storage.get(key);
    if (!obj) throw new StorageCheckError(`storage self-check: the probe object ${key} was written but cannot be read back`);
    const chunks: Buffer[] = [];
    for await (const c of obj.stream) chunks.push(Buffer.from(c as Uint8Array));
    const got = Buffer.concat(chunks);
    if (!got.equals(probe))
      throw new StorageCheckError(
        `storage self-check: the probe object came back changed (${probe.length} bytes written, ${got.length} read): the store does not keep uploads intact`,
      );
    step = 'delete';
    await storage.delete(key);
  } catch (err) {
    if (err instanceof StorageCheckError) throw err;
    throw new StorageCheckError(`storage self-check (${step} a probe object): ${describeS3Error(err, cfg)}`);
  } finally {
    await rm(tmp, { force: true });
  }
}

export function createStorage(cfg: Config['storage']): Storage {
  return cfg.driver === 's3' ? new S3Storage(cfg) : new LocalStorage(cfg.dir);
}
