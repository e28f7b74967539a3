import { z } from 'zod';

/** Home page stats strip: real counts from the database. */
export const homeStatsResponse = z.object({
  registeredUsers: z.number().int(),
  partnerBrands: z.number().int(),
  successCases: z.number().int(),
  liveSessions: z.number().int(),
});
export type HomeStats = z.infer<typeof homeStatsResponse>;

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** migrations applied to the database / shipped with this version (ready when equal) */
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  uptimeSeconds: z.number(),
  version: z.string(),
});
