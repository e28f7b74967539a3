import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isSafeKey } from '../../platform/storage';
import { imageQueue, MAX_IMAGE_PIXELS, PRIVATE_PREFIX } from '../uploads';
import type { BoundedQueue } from '../uploads';
import { OG_PREFIX, OG_VARIANTS, ogCacheKey, type OgVariant } from './ogKeys';

/**
 * Share cards (decision 0030): the picture a chat or social app shows for a link. Previewers such as
 * WeChat's show nothing for WebP (every upload is stored as WebP) and crop odd shapes badly, so every
 * og:image is a 1200×630 JPEG card made from the page's picture on the brand's canvas — an avatar in a
 * ringed circle, a logo on a white tile, a video's poster over a blurred copy of itself with a play mark —
 * or the site's own 1200×630 PNG when the page has no picture of its own.
 *
 * A card is made once per picture, on the first request for it (a previewer's), through the uploads'
 * bounded image queue (decision 0007), and kept in storage under og/ next to the uploads, named after the
 * picture's key (ogKeys.ts): a new picture has a new key and so a new card; the card's address never changes
 * its bytes (cached for good).
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export type OgImage = { url: string; width: number; height: number; type: 'image/jpeg' | 'image/png' };

/** the site's card (src/web/public/og-default.png, 1200×630) */
export const DEFAULT_OG_IMAGE: OgImage = { url: '/og-default.png', width: OG_WIDTH, height: OG_HEIGHT, type: 'image/png' };

const PICTURE = /\.(webp|jpe?g|png|gif|avif)$/i;
/** the largest stored picture a card is made from (uploads keep avatars, logos and covers under 10 MB) */
const MAX_SOURCE_BYTES = 12 * 1024 * 1024;

/** The storage key of a public picture a card can be made from, or null (another site's image, a private file, a card). */
export function cardSourceKey(pictureUrl: string | null | undefined): string | null {
  if (!pictureUrl?.startsWith('/uploads/')) return null;
  const key = pictureUrl.slice('/uploads/'.length);
  if (!isSafeKey(key) || key.startsWith(PRIVATE_PREFIX) || key.startsWith(OG_PREFIX) || !PICTURE.test(key)) return null;
  return key;
}

/** The og:image of a page whose picture is `pictureUrl`: its card, or the site's card. */
export function ogImageFor(pictureUrl: string | null | undefined, variant: OgVariant): OgImage {
  const key = cardSourceKey(pictureUrl);
  return key ? { url: `/og/${variant}/${key}.jpg`, width: OG_WIDTH, height: OG_HEIGHT, type: 'image/jpeg' } : DEFAULT_OG_IMAGE;
}

/** `avatar/<key>.jpg` (a card's address under /og/) → its kind and picture, or null. */
export function parseCardPath(rest: string): { variant: OgVariant; key: string } | null {
  const slash = rest.indexOf('/');
  const variant = OG_VARIANTS.find((v) => v === rest.slice(0, slash));
  if (!variant || !rest.endsWith('.jpg')) return null;
  const key = cardSourceKey(`/uploads/${rest.slice(slash + 1, -'.jpg'.length)}`);
  return key ? { variant, key } : null;
}

export type CardResult = { kind: 'card'; bytes: Buffer } | { kind: 'cached'; stream: NodeJS.ReadableStream } | { kind: 'no-picture' } | { kind: 'busy' };

/** cards being made now, by storage key: a second request for the same one waits for the first */
const making = new Map<string, Promise<CardResult>>();

/**
 * The card of picture `key`: from storage when made before, otherwise made now (once, however many ask
 * together) and stored. `no-picture` when the picture is gone or is not an image; `busy` when the image
 * queue is full (the caller sends the site's card instead, uncached).
 */
export async function shareCard(ctx: AppContext, variant: OgVariant, key: string, queue: BoundedQueue = imageQueue): Promise<CardResult> {
  const cacheKey = ogCacheKey(variant, key);
  const cached = await ctx.storage.get(cacheKey);
  if (cached) return { kind: 'cached', stream: cached.stream };
  let job = making.get(cacheKey);
  if (!job) {
    job = makeCard(ctx, variant, key, cacheKey, queue).finally(() => making.delete(cacheKey));
    making.set(cacheKey, job);
  }
  return job;
}

async function makeCard(ctx: AppContext, variant: OgVariant, key: string, cacheKey: string, queue: BoundedQueue): Promise<CardResult> {
  const source = await readPicture(ctx, key);
  if (!source) return { kind: 'no-picture' };
  let bytes: Buffer;
  try {
    bytes = await queue.run(() => renderCard(source, variant));
  } catch (err) {
    if (err instanceof AppError && err.code === 'UPLOAD_BUSY') return { kind: 'busy' };
    // not an image after all (or one past the pixel limit): no card
    ctx.log.warn({ key, err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'share card not made');
    return { kind: 'no-picture' };
  }
  const tmp = path.join(os.tmpdir(), `og-${randomBytes(8).toString('hex')}.jpg`);
  try {
    await writeFile(tmp, bytes);
    await ctx.storage.putFile(cacheKey, tmp, 'image/jpeg');
  } catch (err) {
    // served all the same; made again next time
    ctx.log.warn({ key: cacheKey, err: err instanceof Error ? err.message.split('\n')[0] : String(err) }, 'share card not stored');
  } finally {
    await rm(tmp, { force: true });
  }
  return { kind: 'card', bytes };
}

async function readPicture(ctx: AppContext, key: string): Promise<Buffer | null> {
  const obj = await ctx.storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of obj.stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += b.length;
    if (size > MAX_SOURCE_BYTES) {
      (obj.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      return null;
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

// ------------------------------------------------------------------------------------------- drawing

const W = OG_WIDTH;
const H = OG_HEIGHT;
const svg = (body: string, w = W, h = H) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`);

/** the brand's canvas: the site card's gradient and soft circles (og-default.png, without its centre mark) */
const CANVAS = svg(
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e2461c"/><stop offset="1" stop-color="#c4260b"/></linearGradient></defs>' +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    '<circle cx="1050" cy="120" r="220" fill="#fff" fill-opacity="0.08"/><circle cx="150" cy="560" r="260" fill="#fff" fill-opacity="0.08"/>',
);

/** the logo mark (favicon.svg), white on the canvas, for a card's corner */
const MARK_SIZE = 72;
const MARK = svg(
  '<rect x="1" y="1" width="30" height="30" rx="9" fill="#fff"/><path d="M12.5 10.2v11.6c0 .8.9 1.3 1.6.9l9.2-5.8c.6-.4.6-1.3 0-1.7l-9.2-5.8c-.7-.5-1.6 0-1.6.8z" fill="#d4380d"/><circle cx="24.5" cy="7.5" r="3" fill="#ffb199"/>',
  32,
  32,
);
const markLayer = async () => ({ input: await sharp(MARK).resize(MARK_SIZE, MARK_SIZE).png().toBuffer(), left: W - MARK_SIZE - 40, top: H - MARK_SIZE - 36 });

/** a soft shadow under a shape of `w`×`h` with corner radius `r`, as a full-canvas layer */
const shadow = (x: number, y: number, w: number, h: number, r: number) =>
  svg(
    `<defs><filter id="s" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter></defs><rect x="${x}" y="${y + 10}" width="${w}" height="${h}" rx="${r}" fill="#5a1203" fill-opacity="0.35" filter="url(#s)"/>`,
  );

const rounded = (w: number, h: number, r: number) => svg(`<rect width="${w}" height="${h}" rx="${r}" fill="#fff"/>`, w, h);

const picture = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).rotate();

async function renderCard(source: Buffer, variant: OgVariant): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  let base: Sharp = sharp(CANVAS);
  if (variant === 'avatar') {
    // a ringed circle in the middle
    const d = 400;
    const ring = 12;
    const x = (W - d) / 2;
    const y = (H - d) / 2;
    const face = await picture(source)
      .resize(d, d, { fit: 'cover', position: 'attention' })
      .composite([{ input: svg(`<circle cx="${d / 2}" cy="${d / 2}" r="${d / 2}" fill="#fff"/>`, d, d), blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push(
      { input: shadow(x - ring, y - ring, d + 2 * ring, d + 2 * ring, d / 2 + ring), left: 0, top: 0 },
      { input: svg(`<circle cx="${W / 2}" cy="${H / 2}" r="${d / 2 + ring}" fill="#fff"/>`), left: 0, top: 0 },
      { input: face, left: x, top: y },
      await markLayer(),
    );
  } else if (variant === 'logo') {
    // the logo whole, on a white tile
    const tile = 420;
    const inner = 330;
    const x = (W - tile) / 2;
    const y = (H - tile) / 2;
    const logo = await picture(source).resize(inner, inner, { fit: 'inside', withoutEnlargement: false }).png().toBuffer();
    const meta = await sharp(logo).metadata();
    layers.push(
      { input: shadow(x, y, tile, tile, 56), left: 0, top: 0 },
      { input: rounded(tile, tile, 56), left: x, top: y },
      { input: logo, left: Math.round((W - (meta.width ?? inner)) / 2), top: Math.round((H - (meta.height ?? inner)) / 2) },
      await markLayer(),
    );
  } else {
    // the poster whole, over a blurred, darkened copy filling the card, with a play mark
    base = picture(source).resize(W, H, { fit: 'cover' }).blur(28).modulate({ brightness: 0.55 });
    const maxW = W - 96;
    const maxH = H - 72;
    const front = await picture(source).resize(maxW, maxH, { fit: 'inside', withoutEnlargement: false }).png().toBuffer();
    const meta = await sharp(front).metadata();
    const w = meta.width ?? maxW;
    const h = meta.height ?? maxH;
    const clipped = await sharp(front)
      .composite([{ input: rounded(w, h, 24), blend: 'dest-in' }])
      .png()
      .toBuffer();
    const x = Math.round((W - w) / 2);
    const y = Math.round((H - h) / 2);
    layers.push(
      { input: shadow(x, y, w, h, 24), left: 0, top: 0 },
      { input: clipped, left: x, top: y },
      {
        input: svg(
          `<circle cx="${W / 2}" cy="${H / 2}" r="64" fill="#fff" fill-opacity="0.92"/><path d="M${W / 2 - 20} ${H / 2 - 32} L${W / 2 + 34} ${H / 2} L${W / 2 - 20} ${H / 2 + 32} Z" fill="#d4380d"/>`,
        ),
        left: 0,
        top: 0,
      },
    );
  }
  // the base first as its own image (a blurred copy is an operation, not a canvas), then the layers on it
  const canvas = await base.resize(W, H).png().toBuffer();
  return sharp(canvas).composite(layers).flatten({ background: '#c4260b' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer();
}
