/**
 * A membership's end date (decision 0044): on the day after its last day (Beijing time) the membership ends like a
 * request would — at once without open deals made under it, otherwise once they are finished. Without this job a
 * membership past its date was treated as ended by every rule (`activeRosterMembership` reads the date) but still
 * showed as active until the next roster change or finished deal of that influencer.
 */
import { eq } from 'drizzle-orm';
import { agencyMemberships } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { registerJob, scheduleJob } from '../../platform/jobs';
import { closeFinishedMemberships } from './model';

registerJob('agency.membership_expiry', async (ctx, tx, job) => {
  const [m] = await tx
    .select({ influencerId: agencyMemberships.influencerId, status: agencyMemberships.status })
    .from(agencyMemberships)
    .where(eq(agencyMemberships.id, String(job.payload.membershipId)));
  if (!m || m.status !== 'active') return;
  await closeFinishedMemberships(tx, m.influencerId, ctx.clock.now());
});

/** Schedules the end of a membership whose last day is `endsOn` (YYYY-MM-DD): the next day's 00:00 in Beijing. */
export async function scheduleMembershipExpiry(tx: DbOrTx, membershipId: string, endsOn: string) {
  const runAt = new Date(`${endsOn}T00:00:00+08:00`);
  runAt.setTime(runAt.getTime() + 24 * 3600_000);
  await scheduleJob(tx, { kind: 'agency.membership_expiry', key: `agency:membership:${membershipId}:expiry`, runAt, payload: { membershipId } });
}
