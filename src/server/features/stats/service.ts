import { sql } from 'drizzle-orm';
import type { HomeStats } from '../../../shared/schemas/stats';
import { queryRows, type Db } from '../../db/client';

/** The home page's stats strip, counted from the data in one round trip. */
export async function homeStats(db: Db): Promise<HomeStats> {
  const [r] = await queryRows<{ users: number; brands: number; cases: number; lives: number }>(
    db,
    sql`
    select
      (select count(*)::int from users) as users,
      (select count(*)::int from companies) as brands,
      (select count(*)::int from tasks where status = 'completed') as cases,
      (select coalesce(sum(total_live_count), 0)::int from influencers) as lives`,
  );
  return {
    registeredUsers: Number(r.users),
    partnerBrands: Number(r.brands),
    successCases: Number(r.cases),
    liveSessions: Number(r.lives),
  };
}
