import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedIfEmpty } from './db/seed/index';
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
  const app = await buildApp(config);
  if (config.seedDemo) await seedIfEmpty(app.ctx);

  const housekeeping = async () => {
    try {
      await purgeExpiredSessions(app.ctx);
      await purgeUnclaimedUploads(app.ctx);
    } catch (err) {
      app.log.warn({ err }, 'housekeeping failed');
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
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
