import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's package.json: the nearest one above this file that is the product's (source or a built bundle). */
function productPackage(): { name: string; version: string } {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'livecommerce-marketplace' && pkg.version) return { name: pkg.name, version: pkg.version };
    }
    if (path.dirname(dir) === dir) throw new Error('package.json of livecommerce-marketplace not found above the server');
  }
}

/**
 * The product's version: package.json's `version`, read once. The API document's `info.version` is this (decision
 * 0052): a release that changes the API bumps it, and docs/api-changelog.md has a section of that number.
 */
export const PRODUCT_VERSION = productPackage().version;
