import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedIfEmpty } from './db/seed/index';
import { warnAboutDemoData } from './features/demo/service';
import { DataDirError } from './platform/datadir';
import { safeErrorLog } from './platform/errors';
import { purgeUnclaimedUploads } from './features/uploads/service';
import { purgeExpiredSessions } from './platform/session';
import { stopOnSignals } from './platform/shutdown';
import { startBackups } from './platform/backup/service';
import { createStorage, selfCheckStorage, StorageCheckError } from './platform/storage';

async function main() {
  // first of all: a stop signal during the start (migrations, seeding) is kept and honoured
  const stopper = stopOnSignals();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  if (!config.isProduction && !isLoopbackHost(config.host)) {
    process.stderr.write(
      `warning: development mode (NODE_ENV=${config.env}) listening on ${config.host}: other machines can reach it. ` +
        'The developer pages and the outbox still answer only this machine; use NODE_ENV=production for a real deployment.\n',
    );
  }
  // the storage self-check: a wrong endpoint, bucket or key stops the start here, named (issue 27)
  try {
    await selfCheckStorage(createStorage(config.storage), config.storage);
  } catch (err) {
    if (err instanceof StorageCheckError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const app = await buildApp(config);
  // demo data only when asked: SEED_DEMO, on by default for the embedded database outside production (decision 0032)
  if (config.seedDemo && !stopper.signal) await seedIfEmpty(app.ctx);
  // a production database with demo accounts says so, once per start
  if (!stopper.signal) await warnAboutDemoData(app.ctx);
  // the embedded installation's daily backups and the answers to `npm run backup` (decision 0049); a close waits
  // for a backup under way
  const stopBackups = startBackups(app.ctx);
  app.addHook('preClose', stopBackups);
  // a signal that came while starting closes the app now instead (and it never listens)
  if (!stopper.serve(app)) return;

  const housekeeping = async () => {
    try {
      await purgeExpiredSessions(app.ctx);
      await purgeUnclaimedUploads(app.ctx);
    } catch (err) {
      app.log.warn(safeErrorLog(err), 'housekeeping failed');
    }
  };
  void housekeeping();
  const timer = setInterval(housekeeping, 60 * 60 * 1000);
  timer.unref();

  await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
    // told to stop while it was opening its port: the close is under way, not an error
    if (!stopper.signal) throw err;
  });
}

function isLoopbackHost(host: string) {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

main().catch((err) => {
  if (err instanceof DataDirError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(err.exitCode);
  }
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
