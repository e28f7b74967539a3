/** GET /api/videos/{id} (and its deprecated alias /api/video-detail) and POST /api/videos/:id/view; trending from counted views (controllable clock). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo, makeVideoCategory } from '../../db/factories';
import { ManualClock } from '../../platform/clock';
import { Client, createTestApp, errorOf, signupCompany, type TestApp } from '../../test/harness';

let t: TestApp;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t?.close();
});

describe('video detail', () => {
  it('answers the video and up to 6 related active videos of its category, newest first', async () => {
    const db = t.app.ctx.db;
    const beauty = await makeVideoCategory(db, { name: '美妆', nameEn: 'Beauty' });
    const other = await makeVideoCategory(db, { name: '旅行', nameEn: 'Travel' });
    const main = await makeVideo(db, { title: 'main', categoryId: beauty.id, createdAt: new Date('2026-01-01') });
    for (let i = 0; i < 8; i++) await makeVideo(db, { title: `r${i}`, categoryId: beauty.id, createdAt: new Date(Date.UTC(2026, 0, 2 + i)) });
    await makeVideo(db, { title: 'inactive', categoryId: beauty.id, isActive: false, createdAt: new Date('2026-02-01') });
    await makeVideo(db, { title: 'elsewhere', categoryId: other.id });
    const res = await new Client(t.app).get(`/api/videos/${main.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.video).toMatchObject({ id: main.id, title: 'main', categoryName: '美妆', categoryNameEn: 'Beauty' });
    expect(body.relatedVideos.map((v: { title: string }) => v.title)).toEqual(['r7', 'r6', 'r5', 'r4', 'r3', 'r2']);
  });

  it('404 VIDEO_NOT_FOUND for an unknown, inactive, malformed or missing id', async () => {
    const db = t.app.ctx.db;
    const hidden = await makeVideo(db, { title: 'hidden', isActive: false });
    const c = new Client(t.app);
    expect(errorOf(await c.get(`/api/videos/${hidden.id}`))).toMatchObject({ status: 404, code: 'VIDEO_NOT_FOUND' });
    expect(errorOf(await c.get('/api/video-detail?id=00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 404, code: 'VIDEO_NOT_FOUND' });
    expect(errorOf(await c.get('/api/video-detail?id=abc'))).toMatchObject({ status: 404, code: 'VIDEO_NOT_FOUND' });
    expect((await c.get('/api/video-detail')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('views and trending', () => {
  it('counts a visitor once per 30 minutes, a signed-in user by account, and never an inactive video', async () => {
    const db = t.app.ctx.db;
    const v = await makeVideo(db, { title: 'counted', viewsCount: 10 });
    const visitor = new Client(t.app);
    const views = async () => (await visitor.get(`/api/videos/${v.id}`)).json().video.viewsCount as number;
    expect((await visitor.post(`/api/videos/${v.id}/view`)).json()).toEqual({ counted: true });
    expect((await visitor.post(`/api/videos/${v.id}/view`)).json()).toEqual({ counted: false });
    expect(await views()).toBe(11);
    clock.advance(29 * 60_000);
    expect((await visitor.post(`/api/videos/${v.id}/view`)).json()).toEqual({ counted: false });
    clock.advance(2 * 60_000);
    expect((await visitor.post(`/api/videos/${v.id}/view`)).json()).toEqual({ counted: true });
    const { client } = await signupCompany(t.app);
    expect((await client.post(`/api/videos/${v.id}/view`)).json()).toEqual({ counted: true });
    expect((await client.post(`/api/videos/${v.id}/view`)).json()).toEqual({ counted: false });
    expect(await views()).toBe(13);
    const hidden = await makeVideo(db, { title: 'hidden-view', isActive: false });
    expect(errorOf(await visitor.post(`/api/videos/${hidden.id}/view`))).toMatchObject({ status: 404, code: 'VIDEO_NOT_FOUND' });
  });

  it('trending ranks by views counted in the last 7 days, then by all-time views', async () => {
    const db = t.app.ctx.db;
    const cat = await makeVideoCategory(db, { name: '趋势', nameEn: 'Trend' });
    const old = await makeVideo(db, { title: 't-old-famous', categoryId: cat.id, viewsCount: 1_000_000 });
    const fresh = await makeVideo(db, { title: 't-fresh', categoryId: cat.id, viewsCount: 5 });
    const quiet = await makeVideo(db, { title: 't-quiet', categoryId: cat.id, viewsCount: 50 });
    // old-famous was watched 8 days ago, fresh twice today
    for (let i = 0; i < 3; i++) await new Client(t.app).post(`/api/videos/${old.id}/view`);
    clock.advance(8 * 24 * 3600_000);
    for (let i = 0; i < 2; i++) await new Client(t.app).post(`/api/videos/${fresh.id}/view`);
    const titles = ((await new Client(t.app).get(`/api/videos?sort=trending&category=${cat.id}`)).json().items as { title: string }[]).map((x) => x.title);
    expect(titles).toEqual(['t-fresh', 't-old-famous', 't-quiet']);
    void quiet;
  });
});
