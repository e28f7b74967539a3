import { z } from 'zod';

/** Home page stats strip: real counts from the database. */
export const homeStatsResponse = z.object({
  registeredUsers: z.number().int(),
  partnerBrands: z.number().int(),
  successCases: z.number().int(),
  liveSessions: z.number().int(),
});
export type HomeStats = z.infer<typeof homeStatsResponse>;

/** A dependency the server talks to, as this instance sees it now (decision 0033). */
export const dependencyState = z.enum(['up', 'down']);

export const healthDependencies = z.object({
  /** the database answered (when it does not, health is 503) */
  database: z.object({ status: z.literal('up'), kind: z.enum(['pglite', 'postgres']) }),
  /** REDIS_URL's server; `limits`: where rate limits count now (shared in Redis, or in this instance's memory) */
  redis: z.object({ status: z.enum(['up', 'down', 'not_configured']), limits: z.enum(['shared', 'memory']) }),
  /** where uploads live (the local directory is writable, or the S3 bucket answers) */
  storage: z.object({ status: dependencyState, driver: z.enum(['local', 's3']) }),
  /**
   * the SMTP server answers (outbox: mail is written to the database); `degraded` while it answers but recent sends
   * fail (three in a row, the last within 5 minutes), `up` again after a successful send
   */
  mail: z.object({ status: z.enum(['up', 'down', 'degraded']), kind: z.enum(['outbox', 'smtp']) }),
});

export const healthResponse = z.object({
  /** ok: every dependency is up; degraded: the database is, something else is not (the instance serves) */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** migrations applied to the database / shipped with this version (ready when equal) */
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  dependencies: healthDependencies,
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof healthResponse>;

/** The process serves requests (liveness: no dependency is asked). */
export const livenessResponse = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  version: z.string(),
});
