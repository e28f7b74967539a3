import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { Limiter } from './ratelimit';
import type { PublicCache } from './publicCache';
import type { RealtimeHub } from './realtime';
import type { Mailer } from './mail';
import type { SmsSender } from './sms';
import type { Storage } from './storage';

/** What services need from the running app; built once in app.ts and passed explicitly. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  storage: Storage;
  limiter: Limiter;
  log: FastifyBaseLogger;
  /** read time through this (tests move a ManualClock) */
  clock: Clock;
  /** the short shared cache of public lists (platform/publicCache.ts) */
  publicCache: PublicCache;
  /** this instance's open event streams, fed by database notifications (platform/realtime.ts) */
  realtime: RealtimeHub;
  /** /admin-setup while no admin exists: the hash of this instance's one-time setup token (null once used or not needed) */
  adminSetup: { tokenHash: string | null };
};
