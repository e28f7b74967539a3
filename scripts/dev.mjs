// `npm run dev`: the API on :3000 (restarts on change) and Vite with hot reload on :5173 (proxies /api).
import { spawn } from 'node:child_process';

const procs = [spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit' }), spawn('npx', ['vite'], { stdio: 'inherit' })];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => code && stop());
