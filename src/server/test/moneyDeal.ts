/**
 * A money-tracked deal waiting for the company's confirmation (status 报告已提交), its fee already held
 * in escrow — paid from the company's wallet as decision 0022 does. Firing `confirm` on it settles:
 * the escrow goes to the influencer less the platform fee, and a commission on the reported GMV is
 * charged (or left due when the wallet cannot cover it). For money tests outside the deals feature.
 */
import { eq } from 'drizzle-orm';
import { fundWallet, makeCompany, makeDeal, makeInfluencer, makeTask } from '../db/factories';
import type { Db } from '../db/client';
import { influencers, taskApplications } from '../db/schema';
import { accountFor, post } from '../features/money';
import type { AuthUser } from '../platform/session';

const H = 3600_000;
export type ReportedDeal = { dealId: string; taskId: string; company: AuthUser; influencer: AuthUser };

export async function makeReportedDeal(
  db: Db,
  now: Date,
  o: {
    feeCents: number;
    platformFeeBps?: number;
    commissionBps?: number;
    gmvCents?: number;
    companyExtraCents?: number;
    influencer?: AuthUser;
    /** the agency and share the deal was made under (decision 0044) */
    agency?: { id: string; sharePercent: number };
  },
): Promise<ReportedDeal> {
  const t = now.getTime();
  const co = await makeCompany(db);
  const inf = o.influencer ? null : await makeInfluencer(db);
  const influencerUserId = o.influencer?.id ?? inf?.user.id ?? '';
  const influencerId =
    inf?.influencer.id ?? (await db.select({ id: influencers.id }).from(influencers).where(eq(influencers.userId, influencerUserId)))[0]?.id ?? '';
  const task = await makeTask(db, { companyId: co.company.id, status: 'in_progress', selectedInfluencerId: influencerId, currentApplicants: 1 });
  const [app] = await db
    .insert(taskApplications)
    .values({ taskId: task.id, influencerId, proposedRateCents: Math.round(o.feeCents / 100), status: 'accepted', respondedAt: new Date(t - 48 * H) })
    .returning();
  const commissionBps = o.commissionBps ?? 0;
  await fundWallet(db, { userId: co.user.id, userType: 'company', cents: o.feeCents + (o.companyExtraCents ?? 0), at: new Date(t - 48 * H) });
  // the deal and its funded escrow appear together: no committed moment shows a funded deal with an empty escrow
  const dealId = await db.transaction(async (tx) => {
    const deal = await makeDeal(tx, {
      task,
      applicationId: app.id,
      influencerId,
      rateCents: o.feeCents,
      moneyTracked: true,
      agencyId: o.agency?.id ?? null,
      agencySharePercent: o.agency?.sharePercent ?? null,
      pricingModel: commissionBps ? 'slot_commission' : 'fixed',
      commissionBps,
      platformFeeBps: o.platformFeeBps ?? 1000,
      feeFundedAt: new Date(t - 48 * H),
      status: 'reported',
      scheduleStart: new Date(t - 3 * H),
      scheduleEnd: new Date(t - H),
      roomUrl: 'https://live.douyin.com/1',
      scheduleProposedBy: 'company',
      scheduleConfirmedAt: new Date(t - 24 * H),
      reportReplayUrl: 'https://www.douyin.com/1',
      reportStartedAt: new Date(t - 3 * H),
      reportEndedAt: new Date(t - H),
      reportViews: 100,
      reportPeakViewers: 10,
      reportOrders: 5,
      reportGmvCents: o.gmvCents ?? 10_000,
      reportedAt: new Date(t - 0.5 * H),
    });
    await post(
      tx,
      {
        kind: 'deal_fee',
        memo: `deal ${deal.id}`,
        idempotencyKey: `deal:${deal.id}:fee`,
        lines: [
          { accountId: await accountFor(tx, 'company_available', co.user.id), amountCents: -o.feeCents },
          { accountId: await accountFor(tx, 'escrow', co.user.id, deal.id), amountCents: o.feeCents },
        ],
      },
      new Date(t - 48 * H),
    );
    return deal.id;
  });
  const company: AuthUser = { id: co.user.id, email: co.user.email, userType: 'company', sessionId: 'x' };
  const influencer: AuthUser = o.influencer ?? { id: influencerUserId, email: inf?.user.email ?? '', userType: 'influencer', sessionId: 'x' };
  return { dealId, taskId: task.id, company, influencer };
}
