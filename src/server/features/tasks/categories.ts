/** GET /api/categories — the active task categories. */
import { asc, eq } from 'drizzle-orm';
import { type Db } from '../../db/client';
import { taskCategories } from '../../db/schema';

export async function listCategories(db: Db) {
  const rows = await db
    .select()
    .from(taskCategories)
    .where(eq(taskCategories.isActive, true))
    .orderBy(asc(taskCategories.sortOrder), asc(taskCategories.createdAt));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    nameEn: c.nameEn,
    description: c.description,
    icon: c.icon,
    sortOrder: c.sortOrder,
    level: c.level,
    parentId: c.parentId,
  }));
}
