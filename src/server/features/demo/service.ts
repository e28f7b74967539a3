/**
 * Demo data on a production site (decision 0032). The demo seed's accounts carry `users.is_demo`; a
 * production start with any of them warns once in the log, and the admin console's 概览 offers to remove
 * them. The removal is one transaction: the demo accounts, their tasks, deals, conversations, files,
 * showcase videos and demo money go; a deal between a demo account and a real one stops it (409
 * DEMO_DATA_IN_USE), and so does any demo entry that touched a real account. The ledger is append-only; this
 * transaction alone lifts that for itself (`ledger.demo_removal`, migration 0021), deletes whole demo
 * entries, recomputes the balances of the shared platform accounts they touched, and is audited.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { DemoDataCounts, DemoDataResponse } from '../../../shared/schemas/admin';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { audit } from '../../platform/admin';
import type { AppContext } from '../../platform/context';
import { AppError, safeErrorLog } from '../../platform/errors';
import { demoAccountIds } from './money';

export async function countDemoAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isDemo, true));
  return row?.n ?? 0;
}

/**
 * At start in production: a warning with the number of demo accounts (once per start). Unless SEED_DEMO=true
 * they cannot sign in (auth/service.ts), and sessions they still hold from before end here.
 */
export async function warnAboutDemoData(ctx: AppContext): Promise<number> {
  if (!ctx.config.isProduction) return 0;
  const n = await countDemoAccounts(ctx.db);
  if (n === 0) return 0;
  if (!ctx.config.seedDemo) {
    await ctx.db.delete(sessions).where(inArray(sessions.userId, ctx.db.select({ id: users.id }).from(users).where(eq(users.isDemo, true))));
  }
  ctx.log.warn(
    { demoAccounts: n },
    `this production database has ${n} demo account(s) with a published password${ctx.config.seedDemo ? ' (SEED_DEMO=true: they can sign in)' : ' (their sign-in is refused)'}; remove them in the admin console (概览 → 删除演示数据)`,
  );
  return n;
}

// the sets the counts and the removal work on, as SQL
const demoUsers = sql`(select id from users where is_demo)`;
const demoCompanies = sql`(select id from companies where user_id in ${demoUsers})`;
const demoInfluencers = sql`(select id from influencers where user_id in ${demoUsers})`;
const demoTasks = sql`(select id from tasks where company_id in ${demoCompanies})`;
const demoDeals = sql`(select id from deals where company_id in ${demoCompanies} or influencer_id in ${demoInfluencers})`;
const demoConversations = sql`(select id from conversations where company_id in ${demoCompanies} or influencer_id in ${demoInfluencers})`;
const demoVideos = sql`(select id from videos where influencer_id in ${demoInfluencers})`;
/** every entry with a line on a demo account */
const demoEntries = sql`(select distinct entry_id from ledger_lines where account_id in ${demoAccountIds})`;
/** deals between a demo account and a real one */
const mixedDeals = sql`(select d.id from deals d
    join companies c on c.id = d.company_id join users uc on uc.id = c.user_id
    join influencers i on i.id = d.influencer_id join users ui on ui.id = i.user_id
   where uc.is_demo <> ui.is_demo)`;

async function counts(db: DbOrTx): Promise<DemoDataCounts & { mixedDeals: number; touchingReal: number }> {
  const [r] = await queryRows<Record<string, string>>(
    db,
    sql`select (select count(*) from users where is_demo)::text as accounts,
               (select count(*) from tasks where id in ${demoTasks})::text as tasks,
               (select count(*) from deals where id in ${demoDeals})::text as deals,
               (select count(*) from conversations where id in ${demoConversations})::text as conversations,
               (select count(*) from uploads where owner_user_id in ${demoUsers})::text as files,
               (select count(*) from videos where id in ${demoVideos})::text as videos,
               (select count(*) from ${demoEntries} e)::text as entries,
               (select coalesce(-sum(balance_cents), 0) from ledger_accounts where kind = 'world_demo')::text as demo_money,
               (select count(*) from ${mixedDeals} m)::text as mixed,
               (select count(distinct l.entry_id) from ledger_lines l join ledger_accounts a on a.id = l.account_id
                 where l.entry_id in ${demoEntries} and a.owner_id is not null and a.owner_id not in ${demoUsers})::text as touching_real`,
  );
  const n = (k: string) => Number(r?.[k] ?? 0);
  return {
    accounts: n('accounts'),
    tasks: n('tasks'),
    deals: n('deals'),
    conversations: n('conversations'),
    files: n('files'),
    videos: n('videos'),
    ledgerEntries: n('entries'),
    demoMoneyCents: n('demo_money'),
    mixedDeals: n('mixed'),
    touchingReal: n('touching_real'),
  };
}

/** GET /api/admin/demo-data: what a removal would take away, and whether a deal with a real user stops it. */
export async function getDemoData(ctx: AppContext): Promise<DemoDataResponse> {
  const { mixedDeals: mixed, touchingReal, ...c } = await counts(ctx.db);
  return { counts: c, mixedDeals: Math.max(mixed, touchingReal) };
}

/** Storage keys of the seed's artwork (avatars, video posters) named by `/uploads/<key>` addresses. */
const seedKey = (url: string | null) => (url?.startsWith('/uploads/seed/') ? url.slice('/uploads/'.length) : null);

/**
 * POST /api/admin/demo-data/remove: everything of the demo accounts in one transaction (see the file's
 * comment), audited; the stored files go after the commit. Nothing to remove: zeros, nothing audited.
 */
export async function removeDemoData(ctx: AppContext, adminId: string, meta: { ip: string }): Promise<DemoDataCounts> {
  const { removed, keys } = await ctx.db.transaction(async (tx) => {
    // one removal at a time, and no demo account appears or changes meanwhile
    await queryRows(tx, sql`select id from users where is_demo order by id for update`);
    const { mixedDeals: mixed, touchingReal, ...c } = await counts(tx);
    if (c.accounts === 0) return { removed: c, keys: [] as string[] };
    if (mixed > 0 || touchingReal > 0) throw new AppError('DEMO_DATA_IN_USE', { count: Math.max(mixed, touchingReal) });
    const [self] = await tx.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, adminId));
    if (self?.isDemo) throw new AppError('DEMO_DATA_OWN_ACCOUNT');

    const files = await queryRows<{ key: string }>(tx, sql`select storage_key as key from uploads where owner_user_id in ${demoUsers}`);
    const art = await queryRows<{ url: string | null }>(
      tx,
      sql`select avatar_url as url from influencers where id in ${demoInfluencers}
          union all select poster_url from videos where id in ${demoVideos}
          union all select influencer_avatar from videos where id in ${demoVideos}`,
    );
    const keys = [...new Set([...files.map((f) => f.key), ...art.map((a) => seedKey(a.url)).filter((k): k is string => k !== null)])];

    await removeDemoMoney(tx);
    // timed jobs of what goes (deal steps, invitation expiry)
    await tx.execute(sql`delete from jobs where done_at is null and (
        payload->>'dealId' in (select id::text from deals where id in ${demoDeals})
     or payload->>'invitationId' in (select id::text from task_invitations where task_id in ${demoTasks} or influencer_id in ${demoInfluencers}))`);
    // top down, each table by itself: one row reached by a cascade and a set-null from two deleted users at once
    // in the same statement breaks a foreign key (a request an admin decided, a message its sender wrote)
    await tx.execute(sql`delete from deal_events where deal_id in ${demoDeals}`);
    await tx.execute(sql`delete from deal_disputes where deal_id in ${demoDeals}`);
    await tx.execute(sql`delete from reviews where company_id in ${demoCompanies} or influencer_id in ${demoInfluencers}`);
    await tx.execute(sql`delete from deals where id in ${demoDeals}`);
    await tx.execute(sql`delete from conversation_messages where conversation_id in ${demoConversations}`);
    await tx.execute(sql`delete from conversations where id in ${demoConversations}`);
    await tx.execute(sql`delete from task_invitations where task_id in ${demoTasks} or influencer_id in ${demoInfluencers}`);
    await tx.execute(sql`delete from task_applications where task_id in ${demoTasks} or influencer_id in ${demoInfluencers}`);
    await tx.execute(sql`delete from tasks where id in ${demoTasks}`);
    await tx.execute(sql`delete from company_verification_requests where company_id in ${demoCompanies}`);
    await tx.execute(sql`delete from videos where id in ${demoVideos}`);
    await tx.execute(sql`delete from uploads where owner_user_id in ${demoUsers}`);
    await tx.execute(sql`delete from companies where id in ${demoCompanies}`);
    await tx.execute(sql`delete from influencers where id in ${demoInfluencers}`);
    // the rest cascades from the users: profiles, sessions, notifications, follows, permissions…
    await tx.execute(sql`delete from users where is_demo`);
    await audit(tx, {
      adminId,
      action: 'demo_data_removed',
      description: `删除演示数据：${c.accounts} 个演示账号、${c.tasks} 个任务、${c.deals} 个订单、${c.ledgerEntries} 笔演示资金记录`,
      targetType: 'demo_data',
      before: { ...c },
      after: null,
      ip: meta.ip,
    });
    return { removed: c, keys };
  });
  for (const key of keys) {
    await ctx.storage.delete(key).catch((err: unknown) => ctx.log.warn(safeErrorLog(err), 'demo data: a stored file could not be removed'));
  }
  return removed;
}

/**
 * The demo money goes whole: every entry with a line on a demo account (all its lines; none touches a real
 * user's account, checked before), the top-ups, payouts and bank accounts of demo users, and the demo
 * accounts themselves. The shared platform accounts those entries touched (world_demo's counterparts: fee
 * revenue, payments in, payouts out) get their balance and running balances recomputed from what remains.
 */
async function removeDemoMoney(tx: Tx) {
  await tx.execute(sql`select set_config('ledger.demo_removal', 'on', true)`);
  const entries = await queryRows<{ id: string }>(tx, sql`select entry_id as id from ${demoEntries} e`);
  const ids = entries.map((e) => e.id);
  const shared = await queryRows<{ id: string }>(
    tx,
    sql`select distinct l.account_id as id from ledger_lines l
         where l.entry_id in ${demoEntries} and l.account_id not in ${demoAccountIds}`,
  );
  const accounts = await queryRows<{ id: string }>(tx, sql`select id from ${demoAccountIds} a`);
  // Stripe refunds and chargebacks name their top-up (decision 0057)
  await tx.execute(sql`delete from stripe_refunds where user_id in ${demoUsers}`);
  await tx.execute(sql`delete from stripe_disputes where user_id in ${demoUsers}`);
  await tx.execute(sql`delete from topups where user_id in ${demoUsers}`);
  await tx.execute(sql`delete from payouts where user_id in ${demoUsers}`);
  await tx.execute(sql`delete from bank_accounts where user_id in ${demoUsers}`);
  // a demo user's linked Stripe account (decision 0058): the row only; the account at Stripe is closed in its dashboard
  await tx.execute(sql`delete from stripe_accounts where user_id in ${demoUsers}`);
  // a demo admin's decisions on real money stay, without its name
  await tx.execute(sql`update topups set confirmed_by = null where confirmed_by in ${demoUsers}`);
  await tx.execute(sql`update payouts set decided_by = null where decided_by in ${demoUsers}`);
  await tx.execute(sql`update stripe_refunds set decided_by = null where decided_by in ${demoUsers}`);
  if (ids.length > 0) {
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`delete from ledger_lines where entry_id in (${list})`);
    await tx.execute(sql`delete from ledger_entries where id in (${list})`);
  }
  // entries a demo user created that stay (none touch demo money): they keep no name
  await tx.execute(sql`update ledger_entries set created_by = null where created_by in ${demoUsers}`);
  if (accounts.length > 0) {
    await tx.execute(
      sql`delete from ledger_accounts where id in (${sql.join(
        accounts.map((a) => sql`${a.id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  if (shared.length > 0) {
    const list = sql.join(
      shared.map((a) => sql`${a.id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`update ledger_lines l set balance_after_cents = r.running
        from (select id, sum(amount_cents) over (partition by account_id order by id) as running from ledger_lines where account_id in (${list})) r
       where r.id = l.id and l.balance_after_cents <> r.running`);
    await tx.execute(sql`update ledger_accounts a set balance_cents = coalesce((select sum(l.amount_cents) from ledger_lines l where l.account_id = a.id), 0)
       where a.id in (${list})`);
  }
  await tx.execute(sql`select set_config('ledger.demo_removal', 'off', true)`);
}
