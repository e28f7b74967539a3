/**
 * The backup archive (decision 0049): one gzipped tar holding everything an installation needs to come back —
 *
 *   database/pgdata/…        the embedded database's data directory (its files and directories), or
 *   database/postgres.dump   pg_dump's custom format (with DATABASE_URL)
 *   uploads/<key>            every file of the local storage, under its storage key
 *   secret-key               the key sealed values and code hashes depend on
 *   manifest.json            written last: what it is, when, which migrations, and every file's size and SHA-256
 *
 * An archive is written to `<name>.partial` and renamed when complete, so a finished name is a whole archive; an
 * archive cut short has no manifest and is refused. Reading extracts into a directory and checks every file against
 * the manifest before anything is restored.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

export const FORMAT = 'livecommerce-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const SECRET_KEY_FILE = 'secret-key';
export const PGLITE_DIR = 'database/pgdata';
export const PG_DUMP_FILE = 'database/postgres.dump';
export const UPLOADS_PREFIX = 'uploads/';

export type FileEntry = { path: string; size: number; sha256: string };

export type Manifest = {
  format: typeof FORMAT;
  formatVersion: number;
  app: { version: string };
  createdAt: string;
  kind: 'embedded' | 'postgres';
  /** the migrations applied to the database when it was copied (hashes, oldest first) */
  migrations: string[];
  database: { file: string; format: 'pglite-datadir' | 'pg_dump-custom' };
  /** directories the archive holds (the database's, some of them empty and needed) */
  directories: string[];
  /** the files of the local storage; with `s3` none (the bucket keeps its own: versioning or replication) */
  uploads: { driver: 'local' | 's3'; files: number; bytes: number };
  /** where the key came from: DATA_DIR/.secret-key, or SECRET_KEY (then give the restored instances the same) */
  secretKey: { file: string; source: 'file' | 'env' };
  files: FileEntry[];
};

export class ArchiveError extends Error {}

/** Names inside an archive: relative, forward slashes, no `..`, nothing odd. */
const safeName = (name: string) =>
  /^[A-Za-z0-9_\-/.]+$/.test(name) && !name.startsWith('/') && !name.split('/').some((p) => p === '..' || p === '.' || p === '');

/** Writes an archive entry by entry; `finish(manifest)` adds the manifest and renames the file into place. */
export class ArchiveWriter {
  private pack = tar.pack();
  private done: Promise<void>;
  private partial: string;
  readonly files: FileEntry[] = [];
  readonly directories: string[] = [];

  constructor(readonly file: string) {
    this.partial = `${file}.partial`;
    this.done = pipeline(this.pack, createGzip({ level: 6 }), createWriteStream(this.partial, { mode: 0o600 }));
    // an error of the file (a full disk) ends the pipeline: whatever waits on an entry fails with it instead of waiting
    this.failed = this.done.then(
      () => new Promise<never>(() => undefined),
      (err: unknown) => Promise.reject(err instanceof Error ? err : new Error(String(err))),
    );
    this.failed.catch(() => undefined);
  }

  private failed: Promise<never>;

  /** `write`'s promise, or the archive file's failure, whichever comes first */
  private guard<T>(p: Promise<T>): Promise<T> {
    return Promise.race([p, this.failed]);
  }

  private entry(name: string, size: number, write: (sink: NodeJS.WritableStream) => Promise<void>): Promise<void> {
    if (!safeName(name)) throw new ArchiveError(`unsafe name in an archive: ${name}`);
    return this.guard(
      new Promise<void>((resolve, reject) => {
        const sink = this.pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (err) => (err ? reject(err) : resolve()));
        write(sink).catch(reject);
      }),
    );
  }

  async addDirectory(name: string): Promise<void> {
    await this.guard(
      new Promise<void>((resolve, reject) => {
        if (!safeName(name)) return reject(new ArchiveError(`unsafe name in an archive: ${name}`));
        this.pack.entry({ name, type: 'directory', mode: 0o700, mtime: new Date(0) }, (err) => (err ? reject(err) : resolve()));
      }),
    );
    this.directories.push(name);
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.guard(
      new Promise<void>((resolve, reject) => {
        if (!safeName(name)) return reject(new ArchiveError(`unsafe name in an archive: ${name}`));
        this.pack.entry({ name, size: data.length, mode: 0o600, mtime: new Date(0) }, data, (err) => (err ? reject(err) : resolve()));
      }),
    );
    this.files.push({ path: name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
  }

  /**
   * A file, read through a handle opened first: a file deleted meanwhile is left out (false), one deleted while it is
   * copied is copied whole. Its size is taken when it is opened (uploads never change in place).
   */
  async addFile(name: string, file: string): Promise<boolean> {
    let fh;
    try {
      fh = await open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    try {
      const { size } = await fh.stat();
      const hash = createHash('sha256');
      await this.entry(name, size, async (sink) => {
        const src = fh.createReadStream({ autoClose: false, start: 0, end: Math.max(0, size - 1) });
        src.on('data', (chunk) => hash.update(chunk));
        await pipeline(src, sink);
      });
      this.files.push({ path: name, size, sha256: hash.digest('hex') });
      return true;
    } finally {
      await fh.close();
    }
  }

  async finish(manifest: Omit<Manifest, 'files' | 'directories'>): Promise<Manifest> {
    const full: Manifest = { ...manifest, directories: this.directories, files: this.files };
    await this.guard(
      new Promise<void>((resolve, reject) => {
        this.pack.entry({ name: MANIFEST, mode: 0o600, mtime: new Date(0) }, JSON.stringify(full, null, 2), (err) => (err ? reject(err) : resolve()));
      }),
    );
    this.pack.finalize();
    await this.done;
    await rename(this.partial, this.file);
    return full;
  }

  /** Stops writing and removes the partial file. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.done.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}

/**
 * Extracts `archive` into `dir` (which must be empty or absent) and checks it: a manifest of this format, every file
 * it lists present with its size and SHA-256, nothing else. Returns the manifest.
 */
export async function extractArchive(archive: string, dir: string): Promise<Manifest> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const seen = new Map<string, FileEntry>();
  const dirs = new Set<string>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const name = header.name;
    const fail = (message: string) => {
      stream.resume();
      next(new ArchiveError(message));
    };
    if (header.type === 'directory') {
      stream.resume();
      const dirName = name.replace(/\/$/, '');
      if (!safeName(dirName)) return fail(`the archive holds a directory with an unsafe name: ${name}`);
      dirs.add(dirName);
      mkdir(path.join(dir, ...dirName.split('/')), { recursive: true, mode: 0o700 }).then(() => next(), next);
      return;
    }
    if (header.type !== 'file' || !safeName(name)) return fail(`the archive holds an entry that is not a plain file with a safe name: ${name}`);
    if (seen.has(name) || (name === MANIFEST && manifestText !== null)) return fail(`the archive holds ${name} twice`);
    if (name === MANIFEST) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        manifestText = Buffer.concat(chunks).toString('utf8');
        next();
      });
      stream.on('error', next);
      return;
    }
    const target = path.join(dir, ...name.split('/'));
    const hash = createHash('sha256');
    let size = 0;
    mkdir(path.dirname(target), { recursive: true })
      .then(() => {
        // counted as it is written (both listeners attached at once: nothing flows before the file takes it)
        stream.on('data', (c: unknown) => {
          hash.update(c as Buffer);
          size += (c as Buffer).length;
        });
        return pipeline(stream, createWriteStream(target, { mode: 0o600 }));
      })
      .then(() => {
        seen.set(name, { path: name, size, sha256: hash.digest('hex') });
        next();
      })
      .catch(next);
  });
  try {
    await pipeline(createReadStream(archive), createGunzip(), extract);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`${archive} cannot be read as a backup archive (${(err as Error).message}): is it complete?`);
  }
  if (manifestText === null) throw new ArchiveError(`${archive} has no manifest: it is not a backup archive of this product, or it was cut short`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new ArchiveError(`${archive}: its manifest is not JSON`);
  }
  if (manifest.format !== FORMAT) throw new ArchiveError(`${archive} is not a backup archive of this product`);
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new ArchiveError(
      `${archive} is of format version ${manifest.formatVersion}; this version reads ${FORMAT_VERSION}: restore with the version that made it`,
    );
  }
  const problems: string[] = [];
  for (const f of manifest.files) {
    const got = seen.get(f.path);
    if (!got) problems.push(`${f.path} is missing`);
    else if (got.size !== f.size || got.sha256 !== f.sha256) problems.push(`${f.path} does not match its checksum`);
    seen.delete(f.path);
  }
  for (const extra of seen.keys()) problems.push(`${extra} is not in the manifest`);
  for (const d of manifest.directories ?? []) if (!dirs.has(d)) problems.push(`the directory ${d} is missing`);
  if (problems.length) throw new ArchiveError(`${archive} is damaged: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ' …' : ''}`);
  return manifest;
}
