import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedIfEmpty } from './db/seed/index';
import { DataDirError } from './platform/datadir';
import { safeErrorLog } from './platform/errors';
import { purgeUnclaimedUploads } from './features/uploads/service';
import { purgeExpiredSessions } from './platform/session';

async function main() {
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
  const app = await buildApp(config);
  if (config.seedDemo) await seedIfEmpty(app.ctx);

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error(safeErrorLog(err), 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
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
