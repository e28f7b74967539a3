/** GET /api/videos: the home page's 4 latest videos and the showcase list — active only, in SQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVideo, makeVideoCategory } from '../../db/factories';
import { Client, createTestApp, errorOf, signupCompany, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (minutesAgo: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, 0) - minutesAgo * 60_000);

describe('GET /api/videos', () => {
  it('answers an empty list when there are no videos', async () => {
    const res = await new Client(t.app).get('/api/videos?limit=4&sort=latest');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, limit: 4 });
  });

  describe('with videos', () => {
    beforeAll(async () => {
      const food = await makeVideoCategory(t.app.ctx.db, { name: '美食', nameEn: 'Food' });
      const make = (title: string, minutesAgo: number, o: Parameters<typeof makeVideo>[1] = {}) =>
        makeVideo(t.app.ctx.db, { title, createdAt: at(minutesAgo), ...o });
      // inserted out of order on purpose; hidden-newest is the newest of all
      await make('v3', 30, { categoryId: food.id, viewsCount: 9000, isFeatured: true, tags: ['美食', '直播'] });
      await make('hidden-newest', 0, { isActive: false });
      await make('v1', 10, { influencerName: '小王', influencerRating: 4.5, viewsCount: 12_000 });
      await make('v5', 50);
      await make('v2', 20, { description: '口红试色' });
      await make('hidden-old', 5, { isActive: false });
      await make('v4', 40, { isFeatured: true });
      await make('v6', 60, { categoryId: food.id });
    });

    it('limit=4&sort=latest: the 4 newest active videos, newest first', async () => {
      const res = await new Client(t.app).get('/api/videos?limit=4&sort=latest');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.map((v: { title: string }) => v.title)).toEqual(['v1', 'v2', 'v3', 'v4']);
      expect(body).toMatchObject({ total: 6, page: 1, limit: 4 });
    });

    it('each card carries what the video page needs, with defaults for unset values', async () => {
      const res = await new Client(t.app).get('/api/videos?limit=4&sort=latest');
      const [v1, v2, v3] = res.json().items;
      expect(v1).toEqual({
        id: expect.any(String),
        title: 'v1',
        description: null,
        videoUrl: null,
        posterUrl: null,
        duration: null,
        categoryId: null,
        categoryName: null,
        categoryNameEn: null,
        influencerId: null,
        influencerName: '小王',
        influencerAvatar: null,
        influencerFollowers: null,
        influencerRating: 4.5,
        viewsCount: 12_000,
        likesCount: 0,
        commentsCount: 0,
        sharesCount: 0,
        tags: [],
        isFeatured: false,
        createdAt: at(10).toISOString(),
      });
      expect(v2.description).toBe('口红试色');
      expect(v3).toMatchObject({ categoryName: '美食', categoryNameEn: 'Food', isFeatured: true, tags: ['美食', '直播'], influencerRating: 0 });
    });

    it('pages through the rest; never shows inactive videos', async () => {
      const c = new Client(t.app);
      const page2 = (await c.get('/api/videos?limit=4&page=2&sort=latest')).json();
      expect(page2.items.map((v: { title: string }) => v.title)).toEqual(['v5', 'v6']);
      const all = (await c.get('/api/videos?limit=50')).json();
      expect(all.items.map((v: { title: string }) => v.title)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
      expect(JSON.stringify(all)).not.toContain('hidden');
      expect((await c.get('/api/videos?search=hidden')).json()).toMatchObject({ items: [], total: 0 });
    });

    it('filters and sorts in SQL: featured, category, search, popular', async () => {
      const c = new Client(t.app);
      const titlesOf = async (q: string) => ((await c.get(`/api/videos?${q}`)).json().items as { title: string }[]).map((v) => v.title);
      expect(await titlesOf('featured=true')).toEqual(['v3', 'v4']);
      const cat = (await c.get('/api/videos?featured=true')).json().items[0].categoryId;
      expect(await titlesOf(`category=${cat}`)).toEqual(['v3', 'v6']);
      expect(await titlesOf('search=试色')).toEqual(['v2']);
      expect(await titlesOf('search=%25')).toEqual([]);
    });

    it('sort=popular orders by views (numbers), then id', async () => {
      const db = t.app.ctx.db;
      const make = (title: string, viewsCount: number) => makeVideo(db, { title, viewsCount, createdAt: at(100) });
      await make('p-8500', 8_500);
      await make('p-3k', 3_000);
      await make('p-yi', 110_000_000);
      const titles = ((await new Client(t.app).get('/api/videos?sort=popular&limit=50')).json().items as { title: string }[]).map((v) => v.title);
      expect(titles.slice(0, 5)).toEqual(['p-yi', 'v1', 'v3', 'p-8500', 'p-3k']);
    });

    it('search matches title, description, tags and influencer, Chinese 1–2 characters too, case-insensitive', async () => {
      const c = new Client(t.app);
      const titlesOf = async (q: string) => ((await c.get(`/api/videos?${q}`)).json().items as { title: string }[]).map((v) => v.title);
      expect(await titlesOf(`search=${encodeURIComponent('试')}`)).toEqual(['v2']);
      expect(await titlesOf(`search=${encodeURIComponent('直播')}`)).toEqual(['v3']);
      expect(await titlesOf(`search=${encodeURIComponent('小王')}`)).toEqual(['v1']);
      expect(await titlesOf('search=V1')).toEqual(['v1']);
      expect(await titlesOf('search=_')).toEqual([]);
    });

    it('is the same for visitors and signed-in users, and cacheable briefly', async () => {
      const visitor = await new Client(t.app).get('/api/videos?limit=4');
      const { client } = await signupCompany(t.app);
      const member = await client.get('/api/videos?limit=4');
      expect(member.json()).toEqual(visitor.json());
      expect(visitor.headers['cache-control']).toBe('public, max-age=5');
    });
  });

  it('refuses bad queries with the error shape (400)', async () => {
    const c = new Client(t.app);
    for (const q of ['limit=0', 'limit=51', 'limit=abc', 'page=0', 'sort=random', 'featured=maybe', 'category=-1']) {
      const res = await c.get(`/api/videos?${q}`);
      expect(errorOf(res), q).toEqual({ status: 400, code: 'BAD_REQUEST', message: '请求参数有误' });
    }
  });
});
