import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { LIMITS } from '../../../shared/limits';
import type { UploadPurpose, UploadResponse } from '../../../shared/schemas/uploads';
import type { TalentType } from '../../../shared/options';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { BoundedQueue } from './queue';
import { isValidVideoContainer, type VideoContainer } from './video';
import { ogCacheKeys } from '../seo';

const IMAGE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
const VIDEO_MIMES: Record<string, { ext: string; container: VideoContainer }> = {
  'video/mp4': { ext: 'mp4', container: 'isobmff' },
  'video/webm': { ext: 'webm', container: 'webm' },
  'video/quicktime': { ext: 'mov', container: 'isobmff' },
  'video/x-m4v': { ext: 'm4v', container: 'isobmff' },
};

/**
 * Image work is bounded (docs/decisions/0007-bounded-image-work.md): each sharp job holds one thread of
 * libuv's pool (which argon2 sign-ins and file I/O share) for its whole run and a decoded image in
 * memory, so at most IMAGE_JOBS run at once (one libvips thread each, no operation cache), at most
 * IMAGE_QUEUE_MAX wait (then 503 UPLOAD_BUSY), and an image over MAX_IMAGE_PIXELS is refused from its
 * header before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_JOBS = Math.max(1, Math.min(2, Math.floor(os.availableParallelism() / 2)));
export const IMAGE_QUEUE_MAX = 50;
export const imageQueue = new BoundedQueue(IMAGE_JOBS, IMAGE_QUEUE_MAX);
sharp.concurrency(1);
sharp.cache(false);

export type PurposePolicy = { maxBytes: number; allowVideo: boolean; maxLabel: string };

export const PURPOSE_POLICY: Record<UploadPurpose, PurposePolicy> = {
  portfolio: { maxBytes: LIMITS.portfolioMaxBytes, allowVideo: true, maxLabel: '50MB' },
  avatar: { maxBytes: LIMITS.avatarMaxBytes, allowVideo: false, maxLabel: '10MB' },
  logo: { maxBytes: LIMITS.avatarMaxBytes, allowVideo: false, maxLabel: '10MB' },
  'image-test': { maxBytes: LIMITS.imageTestMaxBytes, allowVideo: false, maxLabel: '10MB' },
  // showcase covers, uploaded by admins (视频管理)
  'video-cover': { maxBytes: LIMITS.avatarMaxBytes, allowVideo: false, maxLabel: '10MB' },
  // live report screenshots and dispute evidence: private to the deal (served by /api/deal-files/:id)
  'deal-file': { maxBytes: LIMITS.avatarMaxBytes, allowVideo: false, maxLabel: '10MB' },
  // a company's business licence (营业执照) for verification: private (served by /api/company-licenses/:id)
  'business-license': { maxBytes: LIMITS.avatarMaxBytes, allowVideo: false, maxLabel: '10MB' },
};

/**
 * Purposes whose files are never public: kept under PRIVATE_PREFIX and served only through their
 * authorising route, the address recorded as the upload's url.
 */
export const PRIVATE_ROUTES: Partial<Record<UploadPurpose, string>> = {
  'deal-file': '/api/deal-files/',
  'business-license': '/api/company-licenses/',
};
export const PRIVATE_PURPOSES: ReadonlySet<UploadPurpose> = new Set(Object.keys(PRIVATE_ROUTES) as UploadPurpose[]);
/** The address of a private upload: its authorising route and id. */
export const privateUploadUrl = (purpose: 'deal-file' | 'business-license', id: string) => `${PRIVATE_ROUTES[purpose]}${id}`;
export const PRIVATE_PREFIX = 'private/';

/** who an upload belongs to: a user, or a verified sign-up not yet an account */
export type UploadOwner = { userId: string } | { signupVerificationId: string };

export const toUploadResponse = (row: typeof uploads.$inferSelect): UploadResponse => ({
  id: row.id,
  url: row.url,
  kind: row.kind as 'image' | 'video',
  mime: row.mime,
  size: row.size,
  width: row.width,
  height: row.height,
  originalName: row.originalName,
});

const folderFor = (purpose: UploadPurpose) =>
  ({
    portfolio: 'talent_portfolios',
    avatar: 'avatars',
    logo: 'logos',
    'image-test': 'image_test',
    'video-cover': 'video_covers',
    'deal-file': `${PRIVATE_PREFIX}deal_files`,
    'business-license': `${PRIVATE_PREFIX}business_licenses`,
  })[purpose];

/**
 * Stores one uploaded file: streamed to a temporary file with the size enforced while streaming,
 * typed by its content (never its name), images re-encoded (metadata stripped, bounded size),
 * then moved to storage and recorded. Any failure removes every partial file.
 */
export async function storeUpload(
  ctx: AppContext,
  input: {
    stream: Readable & { truncated?: boolean };
    originalName?: string;
    purpose: UploadPurpose;
    talentType?: TalentType;
    owner: UploadOwner;
  },
): Promise<UploadResponse> {
  const policy = PURPOSE_POLICY[input.purpose];
  const tmpDir = path.join(os.tmpdir(), 'lc-uploads');
  await mkdir(tmpDir, { recursive: true });
  const base = path.join(tmpDir, randomBytes(12).toString('hex'));
  const rawPath = `${base}.raw`;
  const outPath = `${base}.out`;
  let storedKey: string | null = null;
  try {
    try {
      await pipeline(input.stream, createWriteStream(rawPath));
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('FILE_TOO_LARGE', { max: policy.maxLabel });
      }
      throw err;
    }
    if (input.stream.truncated) throw new AppError('FILE_TOO_LARGE', { max: policy.maxLabel });
    const { size: rawSize } = await stat(rawPath);
    if (rawSize === 0) throw new AppError('FILE_REQUIRED');
    if (rawSize > policy.maxBytes) throw new AppError('FILE_TOO_LARGE', { max: policy.maxLabel });

    const detected = await fileTypeFromFile(rawPath);
    const mime = detected?.mime ?? '';
    const isImage = IMAGE_MIMES.has(mime);
    const video = VIDEO_MIMES[mime];
    const refuse = () => new AppError(policy.allowVideo ? 'FILE_TYPE_NOT_ALLOWED' : 'IMAGE_ONLY');
    if (!isImage && !(policy.allowVideo && video)) throw refuse();
    // the first bytes only name a container: a video must really be a whole one
    if (!isImage && !(await isValidVideoContainer(rawPath, video.container))) throw refuse();

    let finalPath = rawPath;
    let ext: string;
    let outMime: string;
    let width: number | null = null;
    let height: number | null = null;
    if (isImage) {
      const animated = mime === 'image/gif' || mime === 'image/webp';
      // the size from the header, before anything is decoded
      let meta: Metadata;
      try {
        meta = await sharp(rawPath, { animated }).metadata();
      } catch {
        throw refuse();
      }
      const frameHeight = meta.pageHeight ?? meta.height ?? 0;
      const pixels = (meta.width ?? 0) * frameHeight * (animated ? (meta.pages ?? 1) : 1);
      if (!meta.width || !frameHeight) throw refuse();
      if (pixels > MAX_IMAGE_PIXELS) throw new AppError('IMAGE_TOO_LARGE_PIXELS', { width: meta.width, height: frameHeight });
      const info = await imageQueue.run(async () => {
        try {
          return await sharp(rawPath, { limitInputPixels: MAX_IMAGE_PIXELS, animated })
            .rotate()
            .resize({ width: 4096, height: 4096, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 85 })
            .toFile(outPath);
        } catch {
          throw refuse();
        }
      });
      width = info.width;
      height = info.pageHeight ?? info.height;
      finalPath = outPath;
      ext = 'webp';
      outMime = 'image/webp';
    } else {
      ext = video.ext;
      outMime = mime;
    }
    const { size } = await stat(finalPath);

    const ownerDir = 'userId' in input.owner ? input.owner.userId : `signup-${input.owner.signupVerificationId}`;
    const parts = [folderFor(input.purpose), ownerDir];
    if (input.purpose === 'portfolio' && input.talentType) parts.push(input.talentType);
    const key = `${parts.join('/')}/${Date.now()}-${randomBytes(4).toString('hex')}.${ext}`;

    await ctx.storage.putFile(key, finalPath, outMime);
    storedKey = key;
    const id = randomUUID();
    const [row] = await ctx.db
      .insert(uploads)
      .values({
        id,
        ownerUserId: 'userId' in input.owner ? input.owner.userId : null,
        signupVerificationId: 'signupVerificationId' in input.owner ? input.owner.signupVerificationId : null,
        purpose: input.purpose,
        storageKey: key,
        url: PRIVATE_ROUTES[input.purpose] ? `${PRIVATE_ROUTES[input.purpose]}${id}` : `/uploads/${key}`,
        kind: isImage ? 'image' : 'video',
        mime: outMime,
        size,
        width,
        height,
        originalName: input.originalName?.slice(0, 200) ?? null,
        // a signed-in owner's upload is theirs at once; a sign-up upload waits for the account;
        // deal files are claimed when a report or a dispute attaches them, a licence by its verification request
        claimed: 'userId' in input.owner && input.purpose !== 'portfolio' && !PRIVATE_PURPOSES.has(input.purpose),
      })
      .returning();
    storedKey = null;
    return toUploadResponse(row);
  } finally {
    await rm(rawPath, { force: true });
    await rm(outPath, { force: true });
    if (storedKey) await ctx.storage.delete(storedKey).catch(() => undefined);
  }
}

/** Portfolio uploads that `owner` made and may attach (not yet attached to a profile). */
export async function findAttachablePortfolio(db: DbOrTx, ids: string[], owner: { userId: string } | { signupVerificationId: string }) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, ids),
        eq(uploads.purpose, 'portfolio'),
        eq(uploads.claimed, false),
        'userId' in owner ? eq(uploads.ownerUserId, owner.userId) : eq(uploads.signupVerificationId, owner.signupVerificationId),
      ),
    );
}

export async function claimUploads(db: DbOrTx, ids: string[], userId: string) {
  if (ids.length === 0) return;
  await db.update(uploads).set({ claimed: true, ownerUserId: userId }).where(inArray(uploads.id, ids));
}

/** Deletes a stored picture and the share cards made from it (seo/ogKeys.ts): nothing of a deleted picture stays public. */
export async function deleteStoredFile(ctx: AppContext, key: string) {
  for (const k of [key, ...ogCacheKeys(key)]) await ctx.storage.delete(k).catch(() => undefined);
}

/** Removes files uploaded but never attached (abandoned sign-ups, replaced drafts) after a day. */
export async function purgeUnclaimedUploads(ctx: AppContext, olderThanMs = 24 * 60 * 60 * 1000) {
  const stale = await ctx.db
    .select({ id: uploads.id, key: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.claimed, false), lt(uploads.createdAt, new Date(Date.now() - olderThanMs))))
    .limit(500);
  for (const s of stale) {
    await ctx.storage.delete(s.key).catch(() => undefined);
    await ctx.db.delete(uploads).where(eq(uploads.id, s.id));
  }
  return stale.length;
}

/** Deletes a stored file that nothing references any more (replaced avatar or logo). */
export async function deleteUploadByUrl(ctx: AppContext, url: string | null | undefined, ownerUserId: string) {
  if (!url?.startsWith('/uploads/')) return;
  const [row] = await ctx.db
    .delete(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.ownerUserId, ownerUserId)))
    .returning({ key: uploads.storageKey });
  if (row) await deleteStoredFile(ctx, row.key);
}
