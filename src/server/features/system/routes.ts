import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { healthResponse } from '../../../shared/schemas/stats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

const startedAt = Date.now();
/** how many migrations this version ships (drizzle's journal) */
const expectedMigrations = (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
const version = process.env.npm_package_version ?? '0.1.0';

export const systemRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          operationId: 'getHealth',
          tags: ['system'],
          summary: 'Liveness and database readiness',
          description:
            'Who: anyone. 200 once the database answers and every migration of this version is applied (the readiness probe); 503 otherwise (database down or migrations pending).',
          response: { 200: healthResponse, 503: errorBody },
        },
        config: { rateLimit: false },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        let applied: number;
        try {
          const [row] = await queryRows<{ n: number | string }>(ctx.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
          applied = Number(row?.n ?? 0);
        } catch {
          throw new AppError('UNAVAILABLE', undefined, undefined, { 'retry-after': '5' });
        }
        if (applied < expectedMigrations) {
          // another instance is still migrating (or this one failed to): not ready yet
          throw new AppError('UNAVAILABLE', undefined, undefined, { 'retry-after': '5' });
        }
        return {
          status: 'ok' as const,
          database: ctx.database.kind,
          migrations: { applied, expected: expectedMigrations },
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
          version,
        };
      },
    );
  };
