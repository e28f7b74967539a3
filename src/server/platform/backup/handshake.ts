/**
 * How `npm run backup` asks the running server for a backup (decision 0049). The embedded database is held by the
 * server's process (PGlite is one process's), so only that process can copy it consistently. The command writes a
 * request into DATA_DIR/backup-requests/ (`<id>.request`: the directory to write into); the server watches that
 * directory (and looks every few seconds, for file systems that report no changes), takes the request by renaming it
 * (`<id>.taken`), writes the archive and answers with `<id>.answer` (the archive's path, or the error). No port, no
 * token: whoever may write DATA_DIR may read the data anyway, and the command needs DATA_DIR in any case.
 */
import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const REQUESTS_DIR = 'backup-requests';
/** how often the server looks without being told (file systems without change events) */
const LOOK_MS = 3000;

const requestSchema = z.object({ out: z.string().min(1) });
const answerSchema = z.union([z.object({ ok: z.literal(true), file: z.string() }), z.object({ ok: z.literal(false), error: z.string() })]);
export type Answer = z.infer<typeof answerSchema>;

const writeAtomically = async (file: string, text: string) => {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, text, { mode: 0o600 });
  await rename(tmp, file);
};

/**
 * The server's side: answers every request in DATA_DIR/backup-requests/ with `take(outDir)`, one at a time. Returns
 * stop() (waits for a backup under way).
 */
export function serveBackupRequests(
  dataDir: string,
  take: (outDir: string) => Promise<string>,
  onError: (message: string) => void,
): { stop(): Promise<void>; look(): Promise<void> } {
  const dir = path.join(dataDir, REQUESTS_DIR);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const round = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    for (const name of (await readdir(dir)).filter((n) => n.endsWith('.request')).sort()) {
      if (stopped) return;
      const id = name.slice(0, -'.request'.length);
      const taken = path.join(dir, `${id}.taken`);
      try {
        await rename(path.join(dir, name), taken);
      } catch {
        continue; // gone meanwhile
      }
      let answer: Answer;
      try {
        const req = requestSchema.parse(JSON.parse(await readFile(taken, 'utf8')));
        if (!path.isAbsolute(req.out)) throw new Error('the request names a relative directory');
        answer = { ok: true, file: await take(req.out) };
      } catch (err) {
        answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
        onError(answer.error);
      }
      await writeAtomically(path.join(dir, `${id}.answer`), JSON.stringify(answer));
      await rm(taken, { force: true });
    }
  };
  const look = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => onError(err instanceof Error ? err.message : String(err)))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void look();
        }
      });
    return running;
  };
  let watcher: FSWatcher | null = null;
  void mkdir(dir, { recursive: true, mode: 0o700 })
    .then(() => {
      if (stopped) return;
      try {
        watcher = watch(dir, () => void look());
        watcher.on('error', () => undefined);
        watcher.unref();
      } catch {
        /* no change events here: the timer below looks */
      }
      void look();
    })
    .catch((err: unknown) => onError(err instanceof Error ? err.message : String(err)));
  const timer = setInterval(() => void look(), LOOK_MS);
  timer.unref();
  return {
    look,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      watcher?.close();
      if (running) await running;
    },
  };
}

export class HandshakeError extends Error {}

/**
 * The command's side: asks the server (process `pid`, alive) for a backup into `outDir` and waits for its answer.
 * A request nobody takes within `pickupMs` (a server of a version without backups, or stopping) is withdrawn.
 */
export async function askServer(dataDir: string, outDir: string, alive: () => boolean, opts: { pickupMs?: number; pollMs?: number } = {}): Promise<string> {
  const dir = path.join(dataDir, REQUESTS_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const request = path.join(dir, `${id}.request`);
  const answerFile = path.join(dir, `${id}.answer`);
  await writeAtomically(request, JSON.stringify({ out: path.resolve(outDir) }));
  const pickupBy = Date.now() + (opts.pickupMs ?? 20_000);
  const pollMs = opts.pollMs ?? 200;
  for (;;) {
    await new Promise((r) => setTimeout(r, pollMs));
    let text: string | null = null;
    try {
      text = await readFile(answerFile, 'utf8');
    } catch {
      /* not yet */
    }
    if (text !== null) {
      await rm(answerFile, { force: true });
      const answer = answerSchema.parse(JSON.parse(text));
      if (!answer.ok) throw new HandshakeError(`the server could not take the backup: ${answer.error}`);
      return answer.file;
    }
    const waiting = await readdir(dir).then((names) => names.includes(`${id}.request`));
    if (waiting && Date.now() > pickupBy) {
      await rm(request, { force: true });
      throw new HandshakeError(
        'the process holding the database did not take the request: it is not a server of this version (an older server, or another ' +
          'command such as a restore or a backup copying it itself), or it is stopping. Nothing was written. Try again when it is done, ' +
          'or update the server; without a running server the command copies the database itself.',
      );
    }
    if (!alive()) {
      await rm(request, { force: true });
      throw new HandshakeError('the server stopped before it answered: no backup was written. Run the command again.');
    }
  }
}
