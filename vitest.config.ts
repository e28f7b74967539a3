import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    // hang guards, not speed checks (speed is for the benchmarks): a CI machine of two cores runs five suites side by side
    testTimeout: 60000,
    hookTimeout: 120000,
    pool: 'forks',
    // one module graph per worker: each file still gets its own app, database and clock (src/server/test/harness.ts);
    // re-importing the server for every file was 25–40 % of the suite's CPU (decision 0041)
    isolate: false,
    // the server's page render loads the web app's server entry by path: in tests its source, compiled by Vitest
    env: { SSR_ENTRY: 'src/web/entry-server.tsx' },
  },
});
