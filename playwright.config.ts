import { defineConfig } from '@playwright/test';

/**
 * Browser tests. Run them with `npm run test:e2e` (scripts/e2e.mjs starts a fresh server and sets
 * E2E_BASE_URL). Chromium is Debian's /usr/bin/chromium: no browser is ever downloaded.
 */
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  testIgnore: ['artifacts/**'],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'e2e/artifacts/test-results',
  // generous limits: a loaded 2-core machine can be slow, an idle one never waits this long
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  forbidOnly: CI,
  // no retries: a flaky test is a bug to find, not to hide (issue 10 #23)
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  reporter: [
    ['list', { printSteps: false }],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'e2e/artifacts/results.json' }],
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
