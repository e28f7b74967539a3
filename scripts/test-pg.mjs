// `npm run test:pg`: the API integration suite against PostgreSQL. Each test file creates and drops
// its own database on the server named by TEST_DATABASE_URL (default: the local service).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const r = spawnSync('npx', ['vitest', 'run', 'src/server'], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
process.exit(r.status ?? 1);
