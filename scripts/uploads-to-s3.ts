/**
 * npm run uploads:to-s3 — copies DATA_DIR/uploads to the bucket of the S3_* settings with the same keys (issue 27,
 * decision 0039), so every /uploads/… address the database holds keeps working with STORAGE_DRIVER=s3. Resumable
 * and idempotent: run it again after an interruption, or to check — a file already in the bucket with the same size
 * and checksum is not sent again. The local files are only read. Exit 1 when any file failed, 2 when refused.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';
import { S3Storage, selfCheckStorage, StorageCheckError } from '../src/server/platform/storage';
import { copyUploadsToS3 } from '../src/server/platform/uploadsToS3';

let config;
try {
  // the bucket's settings, whatever STORAGE_DRIVER this shell has: the move is to S3
  config = loadConfig({ ...process.env, STORAGE_DRIVER: 's3' });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`${err.message}\n(uploads:to-s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and, for a store other than AWS, S3_ENDPOINT)`);
    process.exit(2);
  }
  throw err;
}
if (config.storage.driver !== 's3') throw new Error('unreachable');
const root = path.join(config.dataDir, 'uploads');
if (!existsSync(root)) {
  console.error(`uploads:to-s3: there is no ${root} (DATA_DIR=${config.dataDir})`);
  process.exit(2);
}
const storage = new S3Storage(config.storage);
console.log(`uploads:to-s3: ${root} → bucket "${config.storage.bucket}" at ${config.storage.endpoint ?? `AWS S3 (${config.storage.region})`}`);
try {
  await selfCheckStorage(storage, config.storage);
} catch (err) {
  if (err instanceof StorageCheckError) {
    console.error(`uploads:to-s3: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
const verbose = process.argv.includes('--verbose');
const report = await copyUploadsToS3(root, storage, { log: verbose ? (l) => console.log(`- ${l}`) : undefined });
const mb = (report.bytesCopied / 1024 / 1024).toFixed(1);
console.log(
  `uploads:to-s3: ${report.files} files: ${report.copied} copied (${mb} MB), ${report.present} already in the bucket (same size and checksum); ` +
    `${(report.ms / 1000).toFixed(1)} s`,
);
for (const k of report.skipped) console.log(`- skipped ${k}: not a name the server stores or serves`);
if (report.failed.length) {
  console.error(`uploads:to-s3: ${report.failed.length} file(s) failed (run again to retry only those):`);
  for (const f of report.failed) console.error(`  - ${f}`);
  process.exitCode = 1;
}
storage.client.destroy();
