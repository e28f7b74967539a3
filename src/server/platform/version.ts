import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product's version: package.json's `version`, read once. The API document's `info.version` is this (decision
 * 0052): a release that changes the API bumps it, and docs/api-changelog.md has a section of that number.
 */
export const PRODUCT_VERSION = (
  JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json'), 'utf8')) as { version: string }
).version;
