/**
 * Share cards (decision 0030): every page's og:image is a 1200×630 JPEG or PNG the server serves — never the
 * WebP upload itself — made once per picture, kept under og/, and a new one when the picture changes.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeInfluencer, makeTask, makeVideo } from '../../db/factories';
import { influencers, uploads } from '../../db/schema';
import { Client, createTestApp, type TestApp } from '../../test/harness';
import { BoundedQueue } from '../uploads';
import { deleteUploadByUrl } from '../uploads';
import { ogCacheKey } from './ogKeys';
import { shareCard } from './ogImage';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(path.join(os.tmpdir(), 'lc-web-'));
  copyFileSync(path.resolve('src/web/index.html'), path.join(web, 'index.html'));
  // the site's card, as the build copies it from src/web/public
  copyFileSync(path.resolve('src/web/public/og-default.png'), path.join(web, 'og-default.png'));
  t = await createTestApp({ PUBLIC_URL: 'https://live.example.com' }, { webDist: web });
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const meta = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`).exec(html)?.[1];

/** stores a WebP picture under `key` as an upload would be, and returns its URL */
async function storePicture(key: string, width: number, height: number, color: string): Promise<string> {
  const tmp = path.join(os.tmpdir(), `og-src-${Date.now()}-${Math.random().toString(36).slice(2)}.webp`);
  writeFileSync(
    tmp,
    await sharp({ create: { width, height, channels: 3, background: color } })
      .webp()
      .toBuffer(),
  );
  await t.app.ctx.storage.putFile(key, tmp, 'image/webp');
  return `/uploads/${key}`;
}

/** the og:image of `url` as a previewer reads it: the tags, then the image they name */
async function shareImageOf(url: string) {
  const page = await new Client(t.app).get(url);
  expect(page.statusCode, url).toBe(200);
  const image = meta(page.body, 'og:image') ?? '';
  expect(image.startsWith('https://live.example.com/'), image).toBe(true);
  expect(meta(page.body, 'twitter:image')).toBe(image);
  expect(meta(page.body, 'og:image:secure_url')).toBe(image);
  expect(meta(page.body, 'og:image:width')).toBe('1200');
  expect(meta(page.body, 'og:image:height')).toBe('630');
  const res = await new Client(t.app).get(image.slice('https://live.example.com'.length));
  expect(res.statusCode, image).toBe(200);
  const type = meta(page.body, 'og:image:type');
  expect(res.headers['content-type']).toBe(type);
  const bytes = res.rawPayload;
  const info = await sharp(bytes).metadata();
  expect({ width: info.width, height: info.height }).toEqual({ width: 1200, height: 630 });
  expect(info.format === 'jpeg' || info.format === 'png', info.format).toBe(true);
  expect(`image/${info.format}`).toBe(type);
  return { image, type, bytes, cacheControl: String(res.headers['cache-control']) };
}

describe('share images', () => {
  it('an influencer, a company, a task and a video share a 1200×630 JPEG made from their WebP picture; the other pages the site’s PNG', async () => {
    const db = t.app.ctx.db;
    const avatar = await storePicture('avatar/test-user/1-aa.webp', 300, 500, '#3366cc');
    const logo = await storePicture('logo/test-co/1-bb.webp', 500, 200, '#22aa55');
    const poster = await storePicture('video-cover/admin/1-cc.webp', 360, 640, '#aa2288');
    const { influencer } = await makeInfluencer(db, { nickname: '分享达人', isApproved: true, avatarUrl: avatar });
    const { company } = await makeCompany(db, { companyName: '分享公司', logoUrl: logo });
    const task = await makeTask(db, { companyId: company.id, title: '分享任务' });
    const video = await makeVideo(db, { title: '分享视频', posterUrl: poster });

    const inf = await shareImageOf(`/influencer/${influencer.id}`);
    expect(inf.image).toBe('https://live.example.com/og/avatar/avatar/test-user/1-aa.webp.jpg');
    expect(inf.type).toBe('image/jpeg');
    expect(inf.cacheControl).toContain('immutable');
    writeFileSync('/tmp/seo-og-avatar.jpg', inf.bytes);
    const co = await shareImageOf(`/company/${company.id}`);
    expect(co.image).toBe('https://live.example.com/og/logo/logo/test-co/1-bb.webp.jpg');
    writeFileSync('/tmp/seo-og-logo.jpg', co.bytes);
    // a task shares its company's card
    expect((await shareImageOf(`/task/${task.id}`)).image).toBe(co.image);
    const vid = await shareImageOf(`/video/${video.id}`);
    expect(vid.image).toBe('https://live.example.com/og/poster/video-cover/admin/1-cc.webp.jpg');
    writeFileSync('/tmp/seo-og-poster.jpg', vid.bytes);

    for (const url of ['/', '/tasks', '/influencers', '/videos', '/help', '/about']) {
      const site = await shareImageOf(url);
      expect(site.image).toBe('https://live.example.com/og-default.png');
      expect(site.type).toBe('image/png');
    }
    // a profile without a picture shares the site's card
    const { influencer: plain } = await makeInfluencer(db, { nickname: '无头像', isApproved: true, avatarUrl: null });
    expect((await shareImageOf(`/influencer/${plain.id}`)).image).toBe('https://live.example.com/og-default.png');
  });

  it('is made once per picture and kept; a changed picture gets a new card', async () => {
    const db = t.app.ctx.db;
    const first = await storePicture('avatar/cache-user/1-aa.webp', 200, 200, '#ff0000');
    const { influencer } = await makeInfluencer(db, { nickname: '换头像', isApproved: true, avatarUrl: first });
    const a = await shareImageOf(`/influencer/${influencer.id}`);
    expect(await t.app.ctx.storage.get(ogCacheKey('avatar', 'avatar/cache-user/1-aa.webp'))).not.toBeNull();
    // the second request reads the kept card: the same bytes, even with the picture gone from under it
    await t.app.ctx.storage.delete('avatar/cache-user/1-aa.webp');
    const again = await new Client(t.app).get(new URL(a.image).pathname);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, a.bytes)).toBe(0);

    const second = await storePicture('avatar/cache-user/2-bb.webp', 200, 200, '#0000ff');
    await db.update(influencers).set({ avatarUrl: second }).where(eq(influencers.id, influencer.id));
    const b = await shareImageOf(`/influencer/${influencer.id}`);
    expect(b.image).not.toBe(a.image);
    expect(Buffer.compare(b.bytes, a.bytes)).not.toBe(0);
  });

  it('a deleted picture takes its cards along', async () => {
    const db = t.app.ctx.db;
    const { user } = await makeInfluencer(db);
    const url = await storePicture(`avatar/${user.id}/1-dd.webp`, 120, 120, '#00ffff');
    await db.insert(uploads).values({
      ownerUserId: user.id,
      purpose: 'avatar',
      storageKey: `avatar/${user.id}/1-dd.webp`,
      url,
      kind: 'image',
      mime: 'image/webp',
      size: 100,
      claimed: true,
    });
    const card = await new Client(t.app).get(`/og/avatar/avatar/${user.id}/1-dd.webp.jpg`);
    expect(card.statusCode).toBe(200);
    expect(await t.app.ctx.storage.get(ogCacheKey('avatar', `avatar/${user.id}/1-dd.webp`))).not.toBeNull();
    await deleteUploadByUrl(t.app.ctx, url, user.id);
    expect(await t.app.ctx.storage.get(ogCacheKey('avatar', `avatar/${user.id}/1-dd.webp`))).toBeNull();
    // its address now leads to the site's card, not remembered
    const after = await new Client(t.app).get(`/og/avatar/avatar/${user.id}/1-dd.webp.jpg`);
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/og-default.png');
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('makes cards only from public pictures: private files, cards, other files and odd addresses are refused', async () => {
    await storePicture('private/deal-files/u/1-ee.webp', 50, 50, '#000000');
    for (const url of [
      '/og/avatar/private/deal-files/u/1-ee.webp.jpg',
      '/og/avatar/og/v1/avatar/x.webp.jpg.jpg',
      '/og/avatar/../secret.webp.jpg',
      '/og/avatar/avatar/u/clip.mp4.jpg',
      '/og/banner/avatar/u/1.webp.jpg',
      '/og/avatar/avatar/u/1.webp',
    ]) {
      const res = await new Client(t.app).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('image work stays bounded: with the image queue full, the site’s card is sent for now and nothing is kept', async () => {
    await storePicture('avatar/busy/1-ff.webp', 100, 100, '#888888');
    const full = new BoundedQueue(1, 0);
    let release = () => {};
    const blocker = full.run(() => new Promise<void>((r) => (release = r)));
    const made = await shareCard(t.app.ctx, 'avatar', 'avatar/busy/1-ff.webp', full);
    expect(made.kind).toBe('busy');
    expect(await t.app.ctx.storage.get(ogCacheKey('avatar', 'avatar/busy/1-ff.webp'))).toBeNull();
    release();
    await blocker;
    // many asking for the same new card at once: it is made once
    const many = await Promise.all(Array.from({ length: 5 }, () => shareCard(t.app.ctx, 'avatar', 'avatar/busy/1-ff.webp', full)));
    expect(many.filter((m) => m.kind === 'card').length).toBe(5);
    expect(new Set(many).size).toBe(1);
  });
});
