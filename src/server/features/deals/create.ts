/** Creating a deal: a company accepts an application or an influencer an invitation (decision 0014, 0025). */
import { randomUUID } from 'node:crypto';
import { activeRosterMembership } from '../agencies';
import { eq } from 'drizzle-orm';
import { PAYMENT_WINDOW_HOURS } from '../../../shared/deals';
import type { Tx } from '../../db/client';
import { companies, dealEvents, deals, influencers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createDealConversation } from '../messages';
import { balanceOf, openDealEscrow, payDealFee } from '../money';
import { PRICING_MODELS } from '../../../shared/money';
import { scheduleJob } from '../../platform/jobs';
import { readSettings } from '../settings';
import { emitWebhookEvent } from '../webhooks';
import { HOUR } from './model';

export async function createDeal(
  ctx: AppContext,
  tx: Tx,
  input: {
    task: {
      id: string;
      companyId: string;
      title: string;
      liveDate: Date | null;
      durationHours: number;
      productName: string | null;
      requirements: string[];
      pricingModel: string;
      commissionBps: number;
      requiresDeposit: boolean;
      depositAmountCents: number | null;
    };
    application: { id: string; influencerId: string; proposedRateCents: number };
    now: Date;
    /** this deal fills the task's last slot: a prepayment's remainder goes back to the wallet (decision 0025) */
    lastSlot?: boolean;
    /** who made the deal: the company accepting an application, or the influencer accepting an invitation */
    by?: 'company' | 'influencer';
  },
): Promise<string> {
  const id = randomUUID();
  const { task, application, now } = input;
  const settings = await readSettings(ctx, tx);
  const feeCents = task.pricingModel === 'commission' ? 0 : application.proposedRateCents;
  const depositCents = task.requiresDeposit && task.depositAmountCents ? task.depositAmountCents : 0;
  const [parties] = await tx
    .select({ companyUserId: companies.userId, influencerUserId: influencers.userId })
    .from(companies)
    .innerJoin(influencers, eq(influencers.id, application.influencerId))
    .where(eq(companies.id, task.companyId));
  if (!parties) throw new AppError('DEAL_NOT_FOUND');
  // the agency and share in force now go with the deal for good (decision 0044): ending the membership later
  // changes nothing for this deal, and a deal made after an end is the influencer's alone
  const membership = await activeRosterMembership(tx, application.influencerId, now);
  await tx.insert(deals).values({
    id,
    taskId: task.id,
    applicationId: application.id,
    companyId: task.companyId,
    influencerId: application.influencerId,
    status: 'awaiting_payment',
    version: 1,
    rateCents: feeCents,
    pricingModel: task.pricingModel,
    commissionBps: task.commissionBps,
    depositCents,
    platformFeeBps: settings.platformFeeBps,
    moneyTracked: true,
    agencyId: membership?.agencyId ?? null,
    agencySharePercent: membership?.sharePercent ?? null,
    plannedLiveDate: task.liveDate,
    durationHours: task.durationHours,
    productName: task.productName,
    requirements: task.requirements,
    taskTitle: task.title,
    createdAt: now,
    updatedAt: now,
  });
  // a prepayment made at publishing pays the fee first; the rest comes from the company's wallet now
  // when it covers it (hire and fund in one step), else on the deal page (待付款)
  const held = await openDealEscrow(tx, { dealId: id, taskId: task.id, feeCents, parties, now, releaseRest: input.lastSlot ?? true });
  let feeFunded = held >= feeCents;
  if (!feeFunded && (await balanceOf(tx, 'company_available', parties.companyUserId)) >= feeCents - held) {
    await payDealFee(tx, { dealId: id, feeCents, parties, now });
    feeFunded = true;
  }
  const status = feeFunded && depositCents === 0 ? 'accepted' : 'awaiting_payment';
  await tx
    .update(deals)
    .set({ status, feeFundedAt: feeFunded ? now : null })
    .where(eq(deals.id, id));
  await tx.insert(dealEvents).values({
    dealId: id,
    version: 1,
    event: 'accept',
    actorRole: input.by ?? 'company',
    fromStatus: status,
    toStatus: status,
    data: { rateCents: feeCents, pricingModel: task.pricingModel, commissionBps: task.commissionBps, depositCents, prepaidCents: held, feeFunded },
    createdAt: now,
  });
  await createDealConversation(tx, { id, companyId: task.companyId, influencerId: application.influencerId }, now);
  await emitWebhookEvent(tx, {
    accountIds: [parties.companyUserId, parties.influencerUserId],
    type: 'deal.created',
    data: {
      dealId: id,
      taskId: task.id,
      companyId: task.companyId,
      influencerId: application.influencerId,
      status,
      pricingModel: PRICING_MODELS.find((m) => m === task.pricingModel) ?? 'fixed',
      feeCents,
      depositCents,
    },
    dealId: id,
    at: now,
  });
  if (status === 'awaiting_payment') {
    await scheduleJob(tx, {
      kind: 'deal.payment_expire',
      key: `deal:${id}:payment_expire`,
      runAt: new Date(now.getTime() + PAYMENT_WINDOW_HOURS * HOUR),
      payload: { dealId: id },
    });
  }
  return id;
}
