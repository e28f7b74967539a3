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
import { migrationsFolder, PGLITE_EXTENSIONS, type Db } from '../../db/client';
import { makeCompany, makeDeal, makeInfluencer, makeTask, makeVideo } from '../../db/factories';
import * as schema from '../../db/schema';
import { companies, influencers, jobs, reviews, taskApplications, videos } from '../../db/schema';

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
    // the factories write tables 0015 does not change; old reviews are written as the old table had them
    const co = await makeCompany(db, { avgRating: 4.5 });
    const inf = await makeInfluencer(db, { rating: 4.9, totalReviews: 128 });
    const lonely = await makeInfluencer(db, { rating: 4.7, totalReviews: 76 });
    const video = await makeVideo(db, { influencerId: inf.influencer.id, influencerRating: 4.9 });
    const task = await makeTask(db, { companyId: co.company.id, status: 'completed' });
    const [app] = await db.insert(taskApplications).values({ taskId: task.id, influencerId: inf.influencer.id, proposedRate: 100, status: 'accepted' }).returning();
    const completedAt = new Date(Date.now() - 3 * 24 * 3600_000);
    const deal = await makeDeal(db, { task, applicationId: app.id, influencerId: inf.influencer.id, rateCents: 10_000, status: 'completed', completedAt });
    const orphanTask = await makeTask(db, { companyId: co.company.id });
    await db.execute(sql`insert into reviews (influencer_id, task_id, rating, comment) values
      (${inf.influencer.id}, ${task.id}, 4, '旧评价'),
      (${lonely.influencer.id}, ${orphanTask.id}, 5, '没有订单的评价'),
      (${lonely.influencer.id}, null, 5, '没有任务的评价')`);

    await migrate(d, { migrationsFolder });

    const rows = await db.select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dealId: deal.id, authorSide: 'company', authorId: co.user.id, companyId: co.company.id, influencerId: inf.influencer.id, rating: 4, comment: '旧评价' });
    expect(rows[0].revealedAt?.getTime()).toBe(rows[0].createdAt.getTime());
    const rating = async (id: string) => (await db.select({ r: influencers.rating, n: influencers.totalReviews }).from(influencers).where(eq(influencers.id, id)))[0];
    expect(await rating(inf.influencer.id)).toEqual({ r: 4, n: 1 });
    expect(await rating(lonely.influencer.id)).toEqual({ r: 0, n: 0 });
    expect((await db.select().from(companies).where(eq(companies.id, co.company.id)))[0].avgRating).toBe(0);
    expect((await db.select().from(videos).where(eq(videos.id, video.id)))[0].influencerRating).toBe(4);
    const [job] = await db.select().from(jobs).where(eq(jobs.key, `deal:${deal.id}:reviews_close`));
    expect(job).toMatchObject({ kind: 'deal.reviews_close', payload: { dealId: deal.id } });
    expect(job.runAt.getTime()).toBe(completedAt.getTime() + 14 * 24 * 3600_000);
  });
});
