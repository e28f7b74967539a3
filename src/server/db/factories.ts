/**
 * Test-data factories, shared by the tests and the demo seed. Each inserts real rows through the
 * same schema the app uses and returns what it made.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_PERMISSIONS, type UserType } from '../../shared/options';
import { hashPassword } from '../features/auth/service';
import type { DbOrTx } from './client';
import { adminPermissions, companies, dealEvents, deals, influencers, taskCategories, tasks, userProfiles, users, videoCategories, videos } from './schema';

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}${randomBytes(2).toString('hex')}`;

export type MadeUser = { id: string; email: string; password: string; userType: UserType | null };

export async function makeUser(
  db: DbOrTx,
  o: { email?: string; password?: string; userType?: UserType | null; passwordHash?: string } = {},
): Promise<MadeUser> {
  const email = (o.email ?? `user-${uniq()}@example.com`).toLowerCase();
  const password = o.password ?? 'secret123';
  const passwordHash = o.passwordHash ?? (await hashPassword(password));
  const [u] = await db.insert(users).values({ email, passwordHash }).returning({ id: users.id });
  const userType = o.userType === undefined ? 'influencer' : o.userType;
  await db.insert(userProfiles).values({ userId: u.id, userType });
  return { id: u.id, email, password, userType };
}

export async function makeInfluencer(
  db: DbOrTx,
  o: Partial<typeof influencers.$inferInsert> & { user?: Parameters<typeof makeUser>[1] } = {},
) {
  const { user: userOpts, ...fields } = o;
  const user = await makeUser(db, { ...userOpts, userType: 'influencer' });
  const [row] = await db
    .insert(influencers)
    .values({ nickname: `达人${uniq().slice(-4)}`, ...fields, userId: user.id })
    .returning();
  return { user, influencer: row };
}

export async function makeCompany(
  db: DbOrTx,
  o: Partial<typeof companies.$inferInsert> & { user?: Parameters<typeof makeUser>[1] } = {},
) {
  const { user: userOpts, ...fields } = o;
  const user = await makeUser(db, { ...userOpts, userType: 'company' });
  const [row] = await db
    .insert(companies)
    .values({ companyName: `测试企业${uniq().slice(-4)}`, contactPerson: '张经理', ...fields, userId: user.id })
    .returning();
  return { user, company: row };
}

/** An admin account holding `permissions` (all of them by default). */
export async function makeAdmin(db: DbOrTx, o: { email?: string; password?: string; permissions?: readonly string[] } = {}) {
  const user = await makeUser(db, { email: o.email, password: o.password, userType: 'admin' });
  const permissions = o.permissions ?? ADMIN_PERMISSIONS;
  if (permissions.length) {
    await db.insert(adminPermissions).values(permissions.map((p) => ({ adminId: user.id, permissionName: p, grantedBy: user.id })));
  }
  return user;
}

export async function makeTaskCategory(db: DbOrTx, o: Partial<typeof taskCategories.$inferInsert> = {}) {
  const [row] = await db.insert(taskCategories).values({ name: `分类${uniq().slice(-4)}`, ...o }).returning();
  return row;
}

export async function makeTask(db: DbOrTx, o: Partial<typeof tasks.$inferInsert> & { companyId: string }) {
  const [row] = await db
    .insert(tasks)
    .values({ title: `直播任务${uniq().slice(-4)}`, description: '任务描述', budgetMin: 1000, budgetMax: 3000, ...o })
    .returning();
  return row;
}

export async function makeVideoCategory(db: DbOrTx, o: Partial<typeof videoCategories.$inferInsert> = {}) {
  const [row] = await db.insert(videoCategories).values({ name: `视频分类${uniq().slice(-4)}`, ...o }).returning();
  return row;
}

export async function makeVideo(db: DbOrTx, o: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await db.insert(videos).values({ title: `视频${uniq().slice(-4)}`, ...o }).returning();
  return row;
}

/**
 * A deal for an accepted application, with the task's terms (the seed's finished collaborations;
 * tests that need a deal in a given state without walking the API).
 */
export async function makeDeal(
  db: DbOrTx,
  o: { task: typeof tasks.$inferSelect; applicationId: string; influencerId: string; rateCents: number } & Partial<typeof deals.$inferInsert>,
) {
  const { task, applicationId, influencerId, rateCents, ...rest } = o;
  const [row] = await db
    .insert(deals)
    .values({
      taskId: task.id,
      applicationId,
      companyId: task.companyId,
      influencerId,
      rateCents,
      plannedLiveDate: task.liveDate,
      durationHours: task.durationHours,
      productName: task.productName,
      requirements: task.requirements,
      taskTitle: task.title,
      version: 1,
      ...rest,
    })
    .returning();
  await db.insert(dealEvents).values({ dealId: row.id, version: 1, event: 'accept', actorRole: 'company', fromStatus: 'accepted', toStatus: row.status, data: {} });
  return row;
}
