import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

export type StoredObject = { stream: Readable; size: number; contentType: string };

/** Where uploaded files live. Keys are relative POSIX paths such as `talent_portfolios/<owner>/<type>/<ts>.webp`. */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** moves (local) or uploads (s3) a finished temporary file to `key` */
  putFile(key: string, tmpPath: string, contentType: string): Promise<void>;
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

export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private client: S3Client;
  constructor(private cfg: Extract<Config['storage'], { driver: 's3' }>) {
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    });
  }
  async putFile(key: string, tmpPath: string, contentType: string) {
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
  async get(key: string) {
    if (!isSafeKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      if (!out.Body) return null;
      return { stream: out.Body as Readable, size: Number(out.ContentLength ?? 0), contentType: out.ContentType ?? contentTypeFor(key) };
    } catch {
      return null;
    }
  }
  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }
  async check(signal: AbortSignal) {
    await this.client.send(new HeadBucketCommand({ Bucket: this.cfg.bucket }), { abortSignal: signal });
  }
}

export function createStorage(cfg: Config['storage']): Storage {
  return cfg.driver === 's3' ? new S3Storage(cfg) : new LocalStorage(cfg.dir);
}
