/** The deal's timed jobs (rows in `jobs`, platform/jobs.ts): payment window, automatic confirmation, reminders, overdue notices. */
import { eq } from 'drizzle-orm';
import { canFire } from '../../../shared/deals';
import { dealDisputes, deals } from '../../db/schema';
import { registerJob, scheduleJob } from '../../platform/jobs';
import { readSettings } from '../settings';
import { addNotifications } from '../notifications';
import { beijing } from '../../platform/beijingTime';
import { HOUR, factsOf, partiesOf, lockDeal, adminUserIds } from './model';
import { applyEvent } from './events';

registerJob('deal.payment_expire', async (ctx, tx, job) => {
  const d = await lockDeal(tx, String(job.payload.dealId));
  if (d.status !== 'awaiting_payment') return;
  const settings = await readSettings(ctx, tx);
  await applyEvent(
    ctx,
    tx,
    d,
    'payment_expired',
    { role: 'system', userId: null },
    {},
    { now: ctx.clock.now(), settlementHours: settings.settlementHours },
    await partiesOf(tx, d),
    null,
  );
});

registerJob('deal.auto_confirm', async (ctx, tx, job) => {
  const dealId = String(job.payload.dealId);
  const d = await lockDeal(tx, dealId);
  if (d.status !== 'reported') return;
  const settings = await readSettings(ctx, tx);
  const env = { now: ctx.clock.now(), settlementHours: settings.settlementHours };
  const verdict = canFire('auto_confirm', 'system', factsOf(d, null), env);
  if (!verdict.ok) {
    // the window was lengthened since the job was planned: plan it again for the new end
    if (d.reportedAt) {
      await scheduleJob(tx, {
        kind: 'deal.auto_confirm',
        key: `deal:${d.id}:auto_confirm:${d.version}:${settings.settlementHours}`,
        runAt: new Date(d.reportedAt.getTime() + settings.settlementHours * HOUR),
        payload: { dealId: d.id },
      });
    }
    return;
  }
  await applyEvent(ctx, tx, d, 'auto_confirm', { role: 'system', userId: null }, {}, env, await partiesOf(tx, d), null);
});

registerJob('deal.reminder', async (ctx, tx, job) => {
  const [d] = await tx
    .select()
    .from(deals)
    .where(eq(deals.id, String(job.payload.dealId)))
    .limit(1);
  if (!d || d.status !== 'scheduled' || d.scheduleStart?.toISOString() !== job.payload.start) return;
  const parties = await partiesOf(tx, d);
  await addNotifications(
    tx,
    [parties.companyUserId, parties.influencerUserId].map((userId) => ({
      userId,
      type: 'deal_reminder' as const,
      params: { task: d.taskTitle, start: beijing(d.scheduleStart!), hours: Number(job.payload.hours) },
      link: `/deal/${d.id}`,
    })),
    { mail: true },
  );
});

registerJob('deal.report_overdue', async (ctx, tx, job) => {
  const [d] = await tx
    .select()
    .from(deals)
    .where(eq(deals.id, String(job.payload.dealId)))
    .limit(1);
  if (!d || d.status !== 'scheduled' || d.scheduleStart?.toISOString() !== job.payload.start) return;
  const parties = await partiesOf(tx, d);
  const to = [parties.companyUserId, parties.influencerUserId, ...(await adminUserIds(tx))];
  await addNotifications(
    tx,
    to.map((userId) => ({ userId, type: 'deal_report_overdue' as const, params: { task: d.taskTitle }, link: `/deal/${d.id}` })),
    { mail: true },
  );
});

registerJob('deal.dispute_overdue', async (ctx, tx, job) => {
  const [x] = await tx
    .select()
    .from(dealDisputes)
    .where(eq(dealDisputes.id, String(job.payload.disputeId)))
    .limit(1);
  if (!x || x.outcome !== 'open' || x.answeredAt) return;
  const [d] = await tx.select().from(deals).where(eq(deals.id, x.dealId)).limit(1);
  if (!d) return;
  const parties = await partiesOf(tx, d);
  const to = [parties.companyUserId, parties.influencerUserId, ...(await adminUserIds(tx))];
  await addNotifications(
    tx,
    to.map((userId) => ({ userId, type: 'deal_dispute_overdue' as const, params: { task: d.taskTitle }, link: `/deal/${d.id}` })),
    { mail: true },
  );
});
