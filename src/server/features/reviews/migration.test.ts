/**
 * Migration 0015 on a database that has old-style reviews (a company's review of an influencer on a
 * task): they join their deal as published company reviews, a review without a deal goes, and every
 * rating is recomputed from the reviews (a rating that no review backs becomes 0).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS, queryRows, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { companies, influencers, jobs, reviews, videos } from '../../db/schema';

const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-mig15-'));
const client = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS });
afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** the migrations folder as it was before 0015 */
function foldersUpTo(tag: string): string {
  const before = path.join(dir, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

describe('migration 0015 (two-way reviews)', () => {
  it('attaches old reviews to their deals, drops the ones without a deal and recomputes every rating', async () => {
    const d = drizzle(client, { schema });
    await migrate(d, { migrationsFolder: foldersUpTo('0015_deal_reviews') });
    const db = d as unknown as Db;
    // rows are written as the tables were before 0015, in plain SQL: later migrations add columns the
    // current schema's inserts would name (drizzle lists every column, users.is_demo of 0021 too)
    let n = 0;
    const makeUser = async (_db: Db, o: { userType: 'company' | 'influencer' }) => {
      const [u] = await queryRows<{ id: string }>(db, sql`insert into users (email, password_hash) values (${`old-${++n}@example.com`}, 'x') returning id`);
      await db.execute(sql`insert into user_profiles (user_id, user_type) values (${u.id}, ${o.userType})`);
      return { id: u.id };
    };
    const coUser = await makeUser(db, { userType: 'company' });
    const [coRow] = await queryRows<{ id: string }>(
      db,
      sql`insert into companies (user_id, company_name, contact_person, avg_rating) values (${coUser.id}, '旧企业', '张经理', 4.5) returning id`,
    );
    const co = { user: coUser, company: { id: coRow.id } };
    const oldInfluencer = async (rating: number, totalReviews: number) => {
      const u = await makeUser(db, { userType: 'influencer' });
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into influencers (user_id, nickname, rating, total_reviews) values (${u.id}, ${`达人${u.id.slice(0, 4)}`}, ${rating}, ${totalReviews}) returning id`,
      );
      return { influencer: { id: row.id } };
    };
    const oldTask = async (status: string) =>
      (
        await queryRows<{ id: string }>(
          db,
          sql`insert into tasks (company_id, title, description, budget_min, budget_max, status) values (${co.company.id}, '旧任务', '直播推广', 100, 200, ${status}) returning id`,
        )
      )[0];
    const inf = await oldInfluencer(4.9, 128);
    const lonely = await oldInfluencer(4.7, 76);
    const [video] = await queryRows<{ id: string }>(
      db,
      sql`insert into videos (title, video_url, influencer_id, influencer_rating) values ('旧视频', 'https://example.com/v.mp4', ${inf.influencer.id}, 4.9) returning id`,
    );
    const task = await oldTask('completed');
    const [app] = await queryRows<{ id: string }>(
      db,
      sql`insert into task_applications (task_id, influencer_id, proposed_rate, status) values (${task.id}, ${inf.influencer.id}, 100, 'accepted') returning id`,
    );
    const completedAt = new Date(Date.now() - 3 * 24 * 3600_000);
    const [deal] = await queryRows<{ id: string }>(
      db,
      sql`insert into deals (task_id, application_id, company_id, influencer_id, status, version, rate_cents, duration_hours, task_title, completed_at)
          values (${task.id}, ${app.id}, ${co.company.id}, ${inf.influencer.id}, 'completed', 1, 10000, 2, '旧任务', ${completedAt.toISOString()}) returning id`,
    );
    const orphanTask = await oldTask('open');
    await db.execute(sql`insert into reviews (influencer_id, task_id, rating, comment) values
      (${inf.influencer.id}, ${task.id}, 4, '旧评价'),
      (${lonely.influencer.id}, ${orphanTask.id}, 5, '没有订单的评价'),
      (${lonely.influencer.id}, null, 5, '没有任务的评价')`);

    await migrate(d, { migrationsFolder });

    const rows = await db.select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dealId: deal.id,
      authorSide: 'company',
      authorId: co.user.id,
      companyId: co.company.id,
      influencerId: inf.influencer.id,
      rating: 4,
      comment: '旧评价',
    });
    expect(rows[0].revealedAt?.getTime()).toBe(rows[0].createdAt.getTime());
    const rating = async (id: string) =>
      (await db.select({ r: influencers.rating, n: influencers.totalReviews }).from(influencers).where(eq(influencers.id, id)))[0];
    expect(await rating(inf.influencer.id)).toEqual({ r: 4, n: 1 });
    expect(await rating(lonely.influencer.id)).toEqual({ r: 0, n: 0 });
    expect((await db.select().from(companies).where(eq(companies.id, co.company.id)))[0].avgRating).toBe(0);
    expect((await db.select().from(videos).where(eq(videos.id, video.id)))[0].influencerRating).toBe(4);
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `deal:${deal.id}:reviews_close`));
    expect(job).toMatchObject({ kind: 'deal.reviews_close', payload: { dealId: deal.id } });
    expect(job.runAt.getTime()).toBe(completedAt.getTime() + 14 * 24 * 3600_000);
  });
});
