/**
 * POST /api/uploads for every role and purpose: typed by content, size enforced while streaming,
 * images re-encoded, stored under DATA_DIR and served safely; failures leave nothing; sign-up
 * attaches only its own portfolio files.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../db/factories';
import { uploads, users as usersTable } from '../../db/schema';
import {
  Client,
  createTestApp,
  errorOf,
  filesUnder,
  multipart,
  pngBytes,
  signupCompany,
  signupInfluencer,
  upload,
  verifyEmail,
  type TestApp,
} from '../../test/harness';
import { IMAGE_JOBS, IMAGE_QUEUE_MAX, imageQueue, storeUpload } from './service';
import { box, tinyMp4, tinyWebm } from './videoFixtures';

let t: TestApp;
let png: Buffer;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  png = await pngBytes();
  uploadsDir = (t.config.storage as { dir: string }).dir;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const MB = 1024 * 1024;
const text = Buffer.from('hello, this is plain text and not an image at all\n');
/** A tiny whole MP4 (ftyp, moov with mvhd and a trak, mdat), written box by box. */
const mp4 = tinyMp4();
/** What the content sniffer alone calls MP4: an ftyp box, then anything. */
const fakeFtyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);
/** `size` bytes that start as a valid PNG (decoders stop at the image end). */
const pngOfSize = (size: number) => {
  const b = Buffer.alloc(size);
  png.copy(b);
  return b;
};
let n = 0;
const freshEmail = (p = 'up') => `${p}-${++n}@example.com`;

const unauthenticated = { status: 401, code: 'UNAUTHENTICATED', message: '用户未登录' };
const forbidden = { status: 403, code: 'FORBIDDEN', message: '权限不足' };
const notImageOrVideo = { status: 400, code: 'FILE_TYPE_NOT_ALLOWED', message: '只能上传图片或视频文件' };
const imageOnly = { status: 400, code: 'IMAGE_ONLY', message: '只能上传图片文件' };

async function signupBrowser(email = freshEmail()) {
  const c = new Client(t.app);
  await verifyEmail(t.app, c, email);
  return { c, email };
}
async function adminClient() {
  const u = await makeUser(t.app.ctx.db, { userType: 'admin' });
  const c = new Client(t.app);
  expect((await c.post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(200);
  return c;
}
const rowCount = async () => (await t.app.ctx.db.select({ c: sql<number>`count(*)::int` }).from(uploads))[0].c;

/** Runs `fn` and checks it left no uploads row and no stored file behind. */
async function leavesNothing(fn: () => Promise<void>) {
  const rows = await rowCount();
  const files = filesUnder(uploadsDir);
  await fn();
  expect(await rowCount()).toBe(rows);
  expect(filesUnder(uploadsDir)).toEqual(files);
}

describe('who may upload what', () => {
  it('visitor: no portfolio without a verified sign-up email, no avatar or logo, and no image test upload', async () => {
    const c = new Client(t.app);
    await leavesNothing(async () => {
      expect(errorOf(await upload(c, 'portfolio', png))).toEqual(unauthenticated);
      expect(errorOf(await upload(c, 'avatar', png))).toEqual(unauthenticated);
      expect(errorOf(await upload(c, 'logo', png))).toEqual(unauthenticated);
      // item 13: the developer test pages upload only for signed-in users
      expect(errorOf(await upload(c, 'image-test', png))).toEqual(unauthenticated);
    });
    // a forged ticket, or a browser that only requested a code, is still a visitor
    c.cookies.set('signup_ticket', 'forged-ticket-value');
    expect(errorOf(await upload(c, 'portfolio', png))).toEqual(unauthenticated);
    const requested = new Client(t.app);
    expect((await requested.post('/api/auth/email-code', { email: freshEmail() })).statusCode).toBe(200);
    expect(errorOf(await upload(requested, 'portfolio', png))).toEqual(unauthenticated);
  });

  it('a browser with a verified sign-up email may upload portfolio files (and only those)', async () => {
    const { c } = await signupBrowser();
    const res = await upload(c, 'portfolio', png, 'case.png', 'image/png', '&talentType=live-host');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/uploads\/talent_portfolios\/signup-[0-9a-f-]{36}\/live-host\/\d+-[0-9a-f]{8}\.webp$/),
      kind: 'image',
      mime: 'image/webp',
      size: expect.any(Number),
      width: 8,
      height: 8,
      originalName: 'case.png',
    });
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, res.json().id));
    expect(row).toMatchObject({ ownerUserId: null, claimed: false, purpose: 'portfolio' });
    expect(row.signupVerificationId).not.toBeNull();
    expect(errorOf(await upload(c, 'avatar', png))).toEqual(unauthenticated);
    // an agency's sign-up carries its logo and licence (decision 0044): those the ticket may upload too
    expect((await upload(c, 'logo', png)).statusCode).toBe(200);
  });

  it('influencer: portfolio and avatar, not logo', async () => {
    const { client, user } = await signupInfluencer(t.app);
    const p = await upload(client, 'portfolio', png, 'more.png', 'image/png', '&talentType=video-editor');
    expect(p.statusCode).toBe(200);
    expect(p.json().url).toContain(`/talent_portfolios/${user.id}/video-editor/`);
    const a = await upload(client, 'avatar', png);
    expect(a.statusCode).toBe(200);
    expect(a.json().url).toContain(`/avatars/${user.id}/`);
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, a.json().id));
    expect(row).toMatchObject({ ownerUserId: user.id, claimed: true, purpose: 'avatar' });
    expect(errorOf(await upload(client, 'logo', png))).toEqual(forbidden);
  });

  it('company: logo and avatar, not portfolio', async () => {
    const { client, user } = await signupCompany(t.app);
    expect(errorOf(await upload(client, 'portfolio', png))).toEqual(forbidden);
    const logo = await upload(client, 'logo', png);
    expect(logo.statusCode).toBe(200);
    expect(logo.json().url).toContain(`/logos/${user.id}/`);
    expect((await upload(client, 'avatar', png)).statusCode).toBe(200);
  });

  it('admin: avatar only', async () => {
    const c = await adminClient();
    expect(errorOf(await upload(c, 'portfolio', png))).toEqual(forbidden);
    expect(errorOf(await upload(c, 'logo', png))).toEqual(forbidden);
    expect((await upload(c, 'avatar', png)).statusCode).toBe(200);
  });

  it('a signed-in company keeps a sign-up ticket from earlier: still no portfolio (the session decides)', async () => {
    const { c } = await signupBrowser();
    const { client } = await signupCompany(t.app);
    c.cookies.set('sid', client.cookies.get('sid')!);
    expect(errorOf(await upload(c, 'portfolio', png))).toEqual(forbidden);
  });

  it('the ticket expires with the verification (30 min), and a finished sign-up ends it', async () => {
    const { c, email } = await signupBrowser();
    const ticket = c.cookies.get('signup_ticket')!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(errorOf(await upload(c, 'portfolio', png))).toEqual(unauthenticated);
    vi.useRealTimers();
    expect((await c.post('/api/auth/signup', { email, password: 'secret1', userType: 'company' })).statusCode).toBe(200);
    const replay = new Client(t.app);
    replay.cookies.set('signup_ticket', ticket);
    expect(errorOf(await upload(replay, 'portfolio', png))).toEqual(unauthenticated);
  });
});

describe('the image test pages (development only): any signed-in user', () => {
  it('influencer, company and admin may upload; the file is theirs', async () => {
    const { client: influencer, user } = await signupInfluencer(t.app);
    const res = await upload(influencer, 'image-test', png);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^/uploads/image_test/${user.id}/\\d+-[0-9a-f]{8}\\.webp$`));
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, res.json().id));
    expect(row).toMatchObject({ ownerUserId: user.id, purpose: 'image-test' });
    const { client: company } = await signupCompany(t.app);
    expect((await upload(company, 'image-test', png)).statusCode).toBe(200);
    expect((await upload(await adminClient(), 'image-test', png)).statusCode).toBe(200);
  });

  it('a browser with only a verified sign-up email is still a visitor', async () => {
    const { c } = await signupBrowser();
    expect(errorOf(await upload(c, 'image-test', png))).toEqual(unauthenticated);
  });
});

describe('type decided by content, not name', () => {
  it('a PNG named x.txt (sent as text/plain) is accepted as an image', async () => {
    const { client: c } = await signupInfluencer(t.app);
    for (const purpose of ['portfolio', 'image-test']) {
      const res = await upload(c, purpose, png, 'x.txt', 'text/plain');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'image', mime: 'image/webp', originalName: 'x.txt' });
      expect(res.json().url).toMatch(/\.webp$/);
    }
  });

  it('a text file named x.png is refused: 只能上传图片或视频文件 (portfolio), 只能上传图片文件 (image-only purposes)', async () => {
    const { client: c } = await signupInfluencer(t.app);
    const { client: company } = await signupCompany(t.app);
    await leavesNothing(async () => {
      expect(errorOf(await upload(c, 'portfolio', text, 'x.png', 'image/png'))).toEqual(notImageOrVideo);
      expect(errorOf(await upload(c, 'image-test', text, 'x.png', 'image/png'))).toEqual(imageOnly);
      expect(errorOf(await upload(company, 'avatar', text, 'x.png', 'image/png'))).toEqual(imageOnly);
      expect(errorOf(await upload(company, 'logo', text, 'x.png', 'image/png'))).toEqual(imageOnly);
    });
  });

  it('disguised or broken images are refused: SVG/HTML with script, PDF, a PNG signature followed by junk', async () => {
    const { client: c } = await signupInfluencer(t.app);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const brokenPng = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    await leavesNothing(async () => {
      for (const [body, name] of [
        [svg, 'a.svg'],
        [html, 'a.png'],
        [pdf, 'a.jpg'],
        [brokenPng, 'a.png'],
      ] as const) {
        expect(errorOf(await upload(c, 'portfolio', body, name, 'image/png')), name).toEqual(notImageOrVideo);
        expect(errorOf(await upload(c, 'image-test', body, name, 'image/png')), name).toEqual(imageOnly);
      }
    });
  });

  it('a video is accepted for the portfolio (kept as is) and refused where only images are allowed', async () => {
    const { client: c } = await signupInfluencer(t.app);
    const res = await upload(c, 'portfolio', mp4, 'clip.bin', 'application/octet-stream', '&talentType=video-editor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'video', mime: 'video/mp4', size: mp4.length, width: null, height: null });
    expect(res.json().url).toMatch(/\.mp4$/);
    const served = await c.get(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(mp4)).toBe(true);
    expect(errorOf(await upload(c, 'image-test', mp4, 'clip.mp4', 'video/mp4'))).toEqual(imageOnly);
    const { client } = await signupCompany(t.app);
    expect(errorOf(await upload(client, 'avatar', mp4, 'clip.mp4', 'video/mp4'))).toEqual(imageOnly);
    // a WebM and a QuickTime movie too
    const webm = await upload(c, 'portfolio', tinyWebm(), 'clip.webm', 'video/webm');
    expect(webm.json()).toMatchObject({ kind: 'video', mime: 'video/webm' });
    expect(webm.json().url).toMatch(/\.webm$/);
    const mov = await upload(c, 'portfolio', tinyMp4('qt  '), 'clip.mov', 'video/quicktime');
    expect(mov.json()).toMatchObject({ kind: 'video', mime: 'video/quicktime' });
  });

  it('a file that only starts like a video is refused (400 只能上传图片或视频文件), nothing stored', async () => {
    const { c } = await signupBrowser();
    const text2k = Buffer.from('this is a text file renamed to .mp4, it only carries an ftyp header\n'.repeat(30));
    const ftypLen = mp4.readUInt32BE(0);
    await leavesNothing(async () => {
      for (const [name, body] of [
        ['text behind a fake ftyp header', Buffer.concat([fakeFtyp, text2k])],
        ['fake ftyp header and zeros', Buffer.concat([fakeFtyp, Buffer.alloc(2000)])],
        ['truncated mp4', mp4.subarray(0, mp4.length - 20)],
        ['mp4 without moov', Buffer.concat([mp4.subarray(0, ftypLen), box('mdat', Buffer.alloc(500))])],
        ['mp4 with junk after the last box', Buffer.concat([mp4, text2k])],
        ['EBML magic and text', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), text2k])],
        ['truncated webm', tinyWebm().subarray(0, tinyWebm().length - 5)],
      ] as const) {
        expect(errorOf(await upload(c, 'portfolio', body, 'clip.mp4', 'video/mp4', '&talentType=video-editor')), name).toEqual(notImageOrVideo);
      }
    });
  });
});

describe('image work is bounded (item 12)', () => {
  it('an image over 40 megapixels is refused from its header (400 IMAGE_TOO_LARGE_PIXELS), nothing stored', async () => {
    const { client } = await signupCompany(t.app);
    // 6400 × 6400 = 41 MP, a small file (one colour)
    const huge = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(10 * MB);
    await leavesNothing(async () => {
      const res = await upload(client, 'avatar', huge, 'huge.png', 'image/png');
      expect(errorOf(res)).toEqual({ status: 400, code: 'IMAGE_TOO_LARGE_PIXELS', message: '图片尺寸过大（6400×6400），像素总数不能超过 4000 万' });
      expect(res.json().error.params).toEqual({ width: 6400, height: 6400 });
    });
    // 40 MP exactly is fine
    const limit = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const ok = await upload(client, 'avatar', limit, 'limit.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ width: 4096, height: 2560 });
  });

  it('at most IMAGE_JOBS run and IMAGE_QUEUE_MAX wait; one more upload is refused (503 UPLOAD_BUSY), nothing stored', async () => {
    const { client } = await signupCompany(t.app);
    const { client: influencer } = await signupInfluencer(t.app);
    expect(IMAGE_JOBS).toBeGreaterThanOrEqual(1);
    expect(IMAGE_JOBS).toBeLessThanOrEqual(2);
    // fill every running slot and the whole waiting line with jobs that end when we say so
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held = Array.from({ length: IMAGE_JOBS + IMAGE_QUEUE_MAX }, () => imageQueue.run(() => gate));
    expect(imageQueue.running).toBe(IMAGE_JOBS);
    expect(imageQueue.queued).toBe(IMAGE_QUEUE_MAX);
    try {
      await leavesNothing(async () => {
        const res = await upload(client, 'avatar', png);
        expect(errorOf(res)).toEqual({ status: 503, code: 'UPLOAD_BUSY', message: '当前上传的图片较多，请稍后重试' });
        expect(res.headers['retry-after']).toBe('10');
      });
      // a video does not need the image queue
      expect((await upload(influencer, 'portfolio', mp4, 'clip.mp4', 'video/mp4')).statusCode).toBe(200);
    } finally {
      release();
    }
    await Promise.all(held);
    expect(imageQueue.running + imageQueue.queued).toBe(0);
    expect((await upload(client, 'avatar', png)).statusCode).toBe(200);
  });
});

describe('size, enforced while streaming', () => {
  it('image test page: 10 MB (文件大小不能超过 10MB, 413), nothing left behind', async () => {
    const { client: c } = await signupCompany(t.app);
    await leavesNothing(async () => {
      const res = await upload(c, 'image-test', pngOfSize(10 * MB + 1), 'big.png', 'image/png');
      expect(errorOf(res)).toEqual({ status: 413, code: 'FILE_TOO_LARGE', message: '文件大小不能超过 10MB' });
      expect(res.json().error.params).toEqual({ max: '10MB' });
    });
    expect((await upload(c, 'image-test', pngOfSize(10 * MB), 'limit.png', 'image/png')).statusCode).toBe(200);
  });

  it('portfolio: 50 MB (文件大小不能超过 50MB, 413), nothing left behind; exactly 50 MB is fine', async () => {
    const { c } = await signupBrowser();
    await leavesNothing(async () => {
      const res = await upload(c, 'portfolio', pngOfSize(50 * MB + 1), 'huge.png', 'image/png');
      expect(errorOf(res)).toEqual({ status: 413, code: 'FILE_TOO_LARGE', message: '文件大小不能超过 50MB' });
    });
    expect((await upload(c, 'portfolio', pngOfSize(50 * MB), 'limit.png', 'image/png')).statusCode).toBe(200);
  });

  it('avatar and logo: 10 MB', async () => {
    const { client } = await signupCompany(t.app);
    for (const purpose of ['avatar', 'logo']) {
      expect(errorOf(await upload(client, purpose, pngOfSize(10 * MB + 1), 'big.png', 'image/png'))).toEqual({
        status: 413,
        code: 'FILE_TOO_LARGE',
        message: '文件大小不能超过 10MB',
      });
    }
  });

  it('an empty file, a missing file field, or a body that is not multipart: 请选择要上传的文件', async () => {
    const { client: c } = await signupCompany(t.app);
    const missing = { status: 400, code: 'FILE_REQUIRED', message: '请选择要上传的文件' };
    await leavesNothing(async () => {
      expect(errorOf(await upload(c, 'image-test', Buffer.alloc(0), 'empty.png', 'image/png'))).toEqual(missing);
      const mp = multipart(png, 'x.png', 'image/png');
      const renamed = Buffer.from(mp.payload.toString('latin1').replace('name="file"', 'name="picture"'), 'latin1');
      expect(errorOf(await c.request({ method: 'POST', url: '/api/uploads?purpose=image-test', payload: renamed, headers: mp.headers }))).toEqual(missing);
      expect(errorOf(await c.post('/api/uploads?purpose=image-test', { file: png.toString('base64') }))).toEqual(missing);
    });
    expect(errorOf(await upload(c, 'everything', png))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});

describe('stored and served', () => {
  it('images are re-encoded to webp: EXIF and other metadata are stripped, the size bounded', async () => {
    const { client } = await signupCompany(t.app);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'EXIF-MARKER-GPS-HOME', Artist: 'Secret Person' } })
      .toBuffer();
    expect(jpeg.includes('EXIF-MARKER-GPS-HOME')).toBe(true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(client, 'avatar', jpeg, 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'image', mime: 'image/webp', width: 40, height: 30 });
    const served = await client.get(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes('EXIF-MARKER-GPS-HOME')).toBe(false);
    expect(served.rawPayload.includes('Secret Person')).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(res.json().size).toBe(served.rawPayload.length);

    const wide = await sharp({ create: { width: 5000, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const big = await upload(client, 'avatar', wide, 'wide.png', 'image/png');
    expect(big.json()).toMatchObject({ width: 4096 });
  });

  it('files live under DATA_DIR/uploads at the key of their url; anyone can fetch them, nothing else is served', async () => {
    const { client } = await signupCompany(t.app);
    const res = await upload(client, 'logo', png, 'logo.png', 'image/png');
    const url = res.json().url as string;
    const key = url.replace(/^\/uploads\//, '');
    expect(filesUnder(uploadsDir)).toContain(key);
    expect(uploadsDir.startsWith(t.config.dataDir)).toBe(true);
    const visitor = new Client(t.app);
    expect((await visitor.get(url)).statusCode).toBe(200);
    for (const bad of ['/uploads/logos/nope.webp', '/uploads/../config.ts', '/uploads/..%2f..%2fpackage.json', '/uploads/', '/uploads/.secret']) {
      const r = await visitor.get(bad);
      expect([403, 404], bad).toContain(r.statusCode);
      expect(r.body).not.toContain('"dependencies"');
    }
  });

  it('a failure after the file was stored (recording it) removes the file', async () => {
    await leavesNothing(async () => {
      await expect(
        storeUpload(t.app.ctx, {
          stream: Readable.from([png]),
          originalName: 'orphan.png',
          purpose: 'avatar',
          // no such user: the uploads row cannot be written
          owner: { userId: randomUUID() },
        }),
      ).rejects.toThrow();
    });
  });
});

describe('sign-up attaches only its own portfolio files', () => {
  const signupWith = (c: Client, email: string, details: Record<string, unknown>, types = ['live-host']) =>
    c.post('/api/auth/signup', { email, password: 'secret1', confirmPassword: 'secret1', userType: 'influencer', talent: { types, details } });
  const notFound = { status: 400, code: 'UPLOAD_NOT_FOUND', message: '上传的文件不存在或已失效，请重新上传' };

  it('refuses ids that are not this sign-up’s portfolio uploads, then succeeds with its own', async () => {
    const { c, email } = await signupBrowser(freshEmail('owner'));
    const mine = (await upload(c, 'portfolio', png, 'mine.png', 'image/png', '&talentType=live-host')).json();
    const mine2 = (await upload(c, 'portfolio', png, 'mine2.png', 'image/png', '&talentType=account-manager')).json();
    const { c: stranger } = await signupBrowser(freshEmail('stranger'));
    const theirs = (await upload(stranger, 'portfolio', png, 'theirs.png', 'image/png')).json();
    const { client: influencer, user: other } = await signupInfluencer(t.app);
    const signedIn = (await upload(influencer, 'portfolio', png)).json();
    const myTest = (await upload(influencer, 'image-test', png)).json();

    const users = async () => (await t.app.ctx.db.select({ c: sql<number>`count(*)::int` }).from(usersTable))[0].c;
    const before = await users();
    for (const ids of [[randomUUID()], [theirs.id], [signedIn.id], [myTest.id], [mine.id, theirs.id], [mine.id, mine.id]]) {
      const res = await signupWith(c, email, { 'live-host': { experience: '1-3', portfolioFileIds: ids } });
      expect(errorOf(res), JSON.stringify(ids)).toEqual(notFound);
    }
    // one file for two types is one file twice
    const twice = await signupWith(
      c,
      email,
      { 'live-host': { experience: '1-3', portfolioFileIds: [mine.id] }, 'account-manager': { experience: '1-3', portfolioFileIds: [mine.id] } },
      ['live-host', 'account-manager'],
    );
    expect(errorOf(twice)).toEqual(notFound);
    expect(await users()).toBe(before);

    // nothing was spent: the same browser now signs up with its own files
    const ok = await signupWith(
      c,
      email,
      { 'live-host': { experience: '1-3', portfolioFileIds: [mine.id] }, 'account-manager': { experience: 'newbie', portfolioFileIds: [mine2.id] } },
      ['live-host', 'account-manager'],
    );
    expect(ok.statusCode).toBe(200);
    const userId = ok.json().user.id as string;
    const owned = await t.app.ctx.db.select().from(uploads).where(eq(uploads.ownerUserId, userId));
    expect(owned.map((u) => u.id).sort()).toEqual([mine.id, mine2.id].sort());
    expect(owned.every((u) => u.claimed)).toBe(true);
    // the stranger's and the other influencer's files are untouched
    const [theirRow] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, theirs.id));
    expect(theirRow).toMatchObject({ ownerUserId: null, claimed: false });
    // the image-test upload was not attached
    const [testRow] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, myTest.id));
    expect(testRow.ownerUserId).toBe(other.id);
  });

  it('more than 3 files for one type (最多只能上传 3 个文件)', async () => {
    const { c, email } = await signupBrowser();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await upload(c, 'portfolio', png)).json().id);
    expect(errorOf(await signupWith(c, email, { 'live-host': { experience: '1-3', portfolioFileIds: ids } }))).toEqual({
      status: 400,
      code: 'TOO_MANY_FILES',
      message: '最多只能上传 3 个文件',
    });
  });

  it('files already attached to an account cannot be attached by a later sign-up', async () => {
    const { c, email } = await signupBrowser();
    const file = (await upload(c, 'portfolio', png)).json();
    expect((await signupWith(c, email, { 'live-host': { experience: '1-3', portfolioFileIds: [file.id] } })).statusCode).toBe(200);
    const { c: later, email: laterEmail } = await signupBrowser();
    expect(errorOf(await signupWith(later, laterEmail, { 'live-host': { experience: '1-3', portfolioFileIds: [file.id] } }))).toEqual(notFound);
  });
});
