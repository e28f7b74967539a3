/** Firing deal events: a party's or an admin's request, and a company's cancel of a task with deals. */
import type { DealDetail } from '../../../shared/schemas/deals';
import { getDeal } from './queries';
import { eq } from 'drizzle-orm';
import { eventDef, isDealEvent } from '../../../shared/deals';
import { FORMS } from '../../../shared/schemas/deals';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { deals } from '../../db/schema';
import { permissionsOf } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError, issuesToError } from '../../platform/errors';
import type { AuthUser } from '../../platform/session';
import { readSettings } from '../settings';
import type { NewNotification } from '../notifications';
import { dealEnded, openDispute, partiesOf, viewerRole, lockDeal } from './model';
import { dealsOfTask } from './taskSettlement';
import { applyEvent } from './events';

function parseForm<F extends keyof typeof FORMS>(form: F, body: unknown): z.infer<(typeof FORMS)[F]> {
  const r = FORMS[form].safeParse(body ?? {});
  if (!r.success) throw issuesToError(r.error.issues);
  return r.data as z.infer<(typeof FORMS)[F]>;
}

/**
 * POST /api/deals/:id/events/:event — a party or an admin fires an event. System events (auto_confirm,
 * complete) are refused here: only the platform fires them.
 */
export async function fireDealEvent(ctx: AppContext, user: AuthUser, id: string, event: string, body: unknown, meta: { ip: string }): Promise<DealDetail> {
  if (!isDealEvent(event)) throw new AppError('NOT_FOUND');
  const def = eventDef(event);
  const form: Record<string, unknown> = def.form ? { ...parseForm(def.form, body) } : {};
  const settings = await readSettings(ctx, ctx.db);
  const isAdmin = user.userType === 'admin' && (await permissionsOf(ctx.db, user.id)).includes('task_management');
  // the event's notifications and their mail are written in its transaction (applyEvent)
  await ctx.db.transaction(async (tx) => {
    const d = await lockDeal(tx, id);
    const parties = await partiesOf(tx, d);
    const role = isAdmin ? 'admin' : await viewerRole(tx, user, parties);
    const dispute = await openDispute(tx, d.id);
    const env = { now: ctx.clock.now(), settlementHours: settings.settlementHours };
    // an agency acting for the influencer (decision 0045): the influencer's event, recorded with the agency
    const actor = user.onBehalf
      ? {
          role,
          userId: user.id,
          ip: meta.ip,
          onBehalfAgencyId: user.onBehalf.agencyId,
          actedByUserId: user.onBehalf.staff?.userId ?? null,
          uploaders: [user.id, user.onBehalf.agencyUserId],
        }
      : { role, userId: user.id, ip: meta.ip };
    const out = await applyEvent(ctx, tx, d, event, actor, form, env, parties, dispute);
    return out.notes;
  });
  // the deal as its GET answers it, after the event (decision 0056)
  return getDeal(ctx, user, id);
}

/**
 * The company's cancel of a task with deals (my-tasks) is each active deal's `cancel` event: allowed
 * before the live, with the deal's rules (one deal past it refuses the whole cancel). Called inside the
 * task's transaction (task row locked). Each deal's end also moves the task (settleTaskAfterDeal).
 */
export async function cancelDealsOfTask(ctx: AppContext, tx: Tx, taskId: string, companyUserId: string, reason: string): Promise<NewNotification[]> {
  const notes: NewNotification[] = [];
  const active = (await dealsOfTask(tx, taskId)).filter((x) => !dealEnded(x.status));
  if (active.length === 0) return notes;
  const settings = await readSettings(ctx, tx);
  for (const ref of active) {
    const [d] = await tx.select().from(deals).where(eq(deals.id, ref.id)).for('update');
    if (!d || dealEnded(d.status)) continue;
    const out = await applyEvent(
      ctx,
      tx,
      d,
      'cancel',
      { role: 'company', userId: companyUserId },
      { reason },
      { now: ctx.clock.now(), settlementHours: settings.settlementHours },
      await partiesOf(tx, d),
      await openDispute(tx, d.id),
    );
    notes.push(...out.notes);
  }
  return notes;
}
