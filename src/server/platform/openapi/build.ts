/**
 * The API document built from the code, without a server listening (decision 0031): the app on an
 * in-memory database, no web app, development mode so that the development-only operations (tag `dev`)
 * are described too. Used by `npm run lint:api`, `npm run api:types` and the contract checks of the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';

export type ApiDocument = Record<string, unknown>;

export async function buildApiDocument(): Promise<ApiDocument> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-apidoc-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SECRET_KEY: 'api-document-0123456789abcdef0123456789',
      JOBS_POLL_MS: '0',
    });
    const app = await buildApp(config, { database, serveWeb: false });
    try {
      await app.ready();
      return app.swagger() as unknown as ApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
