/**
 * A server instance that only runs the job worker (no HTTP port): used by `npm run bench:money`'s crash
 * test, which kills it with SIGKILL part way through a settlement batch and starts it again.
 * Configuration from the environment, as the server's (DATABASE_URL, JOBS_POLL_MS …).
 */
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const app = await buildApp(loadConfig(process.env), { serveWeb: false });
await app.ready(); // starts the job worker (onReady)
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// keep the process alive: the worker's timer is unref'd
setInterval(() => undefined, 60_000);
