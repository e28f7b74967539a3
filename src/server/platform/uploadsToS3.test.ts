/**
 * npm run uploads:to-s3 (issue 27) against an S3-compatible server on loopback: every file under the uploads
 * directory arrives under the same key byte for byte; a second run copies nothing; an object that differs in the
 * bucket (or is missing, as after an interrupted run) is copied again; self-check probes and unsafe names are not.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startS3Server, type S3Server } from '../test/s3Server';
import { S3Storage, type S3Settings } from './storage';
import { copyUploadsToS3 } from './uploadsToS3';

let s3: S3Server;
let root: string;
let storage: S3Storage;
const files: Record<string, Buffer> = {
  'talent_portfolios/u1/image/1.webp': randomBytes(70_000),
  'videos/u1/clip.mp4': randomBytes(200_000),
  'private/deal-files/u2/shot.png': randomBytes(5_000),
  'seed/poster.webp': randomBytes(10),
  'logos/empty.webp': Buffer.alloc(0),
};
beforeAll(async () => {
  s3 = await startS3Server();
  root = mkdtempSync(path.join(os.tmpdir(), 'lc-up-'));
  for (const [k, b] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, k)), { recursive: true });
    writeFileSync(path.join(root, k), b);
  }
  mkdirSync(path.join(root, '_selfcheck'));
  writeFileSync(path.join(root, '_selfcheck', 'probe.bin'), 'probe');
  writeFileSync(path.join(root, 'seed', 'bad name.webp'), 'x');
  const cfg = loadConfig({ NODE_ENV: 'test', DATA_DIR: root, SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789', ...s3.env }).storage;
  storage = new S3Storage(cfg as S3Settings);
});
afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
};

it('copies every file under the same key, byte for byte; a second run copies nothing; a differing or missing object is copied again', async () => {
  const first = await copyUploadsToS3(root, storage);
  expect(first.failed).toEqual([]);
  expect(first).toMatchObject({ files: 5, copied: 5, present: 0, skipped: ['seed/bad name.webp'] });
  for (const [k, b] of Object.entries(files)) {
    const obj = await storage.get(k);
    expect((await read(obj!.stream)).equals(b)).toBe(true);
  }
  expect(await storage.get('_selfcheck/probe.bin')).toBeNull();

  const second = await copyUploadsToS3(root, storage);
  expect(second).toMatchObject({ files: 5, copied: 0, present: 5, bytesCopied: 0 });

  // as after an interrupted run (one object missing) and a wrong object of the same size
  await storage.client.send(new DeleteObjectCommand({ Bucket: storage.bucket, Key: 'videos/u1/clip.mp4' }));
  await storage.client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: 'seed/poster.webp', Body: randomBytes(10), ContentLength: 10 }));
  const third = await copyUploadsToS3(root, storage);
  expect(third).toMatchObject({ files: 5, copied: 2, present: 3, failed: [] });
  expect((await read((await storage.get('seed/poster.webp'))!.stream)).equals(files['seed/poster.webp']!)).toBe(true);
  expect((await read((await storage.get('videos/u1/clip.mp4'))!.stream)).equals(files['videos/u1/clip.mp4']!)).toBe(true);
});
