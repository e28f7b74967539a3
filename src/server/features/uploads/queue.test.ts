/** BoundedQueue: a concurrency limit with a bounded waiting line (issue 10, item 12). */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { BoundedQueue } from './queue';

/** A job that runs until `finish()` is called, recording when it started. */
function controllable(log: string[], name: string) {
  let finish!: (fail?: boolean) => void;
  const job = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (fail) => (fail ? reject(new Error(`${name} failed`)) : resolve(name));
    });
  return { job, finish: (fail?: boolean) => finish(fail) };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('BoundedQueue', () => {
  it('runs at most `concurrency` jobs, the rest in arrival order', async () => {
    const q = new BoundedQueue(2, 10);
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((n) => controllable(log, n));
    const results = jobs.map((j) => q.run(j.job));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([q.running, q.queued]).toEqual([2, 2]);
    jobs[1].finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect([q.running, q.queued]).toEqual([2, 1]);
    jobs[0].finish();
    await tick();
    expect(log.at(-1)).toBe('start d');
    jobs[2].finish();
    jobs[3].finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([q.running, q.queued]).toEqual([0, 0]);
  });

  it('refuses a job at once with 503 UPLOAD_BUSY when `maxWaiting` already wait; the job is never started', async () => {
    const q = new BoundedQueue(1, 2);
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((n) => controllable(log, n));
    const results = jobs.map((j) => q.run(j.job));
    let ran = false;
    const err = await q
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'UPLOAD_BUSY', status: 503, headers: { 'retry-after': '10' } });
    expect(ran).toBe(false);
    // once one finishes there is room again
    jobs[0].finish();
    await tick();
    const later = q.run(async () => 'later');
    jobs[1].finish();
    await tick();
    jobs[2].finish();
    expect(await Promise.all([...results, later])).toEqual(['a', 'b', 'c', 'later']);
  });

  it('a failing job frees its slot and its error reaches the caller', async () => {
    const q = new BoundedQueue(1, 5);
    const log: string[] = [];
    const a = controllable(log, 'a');
    const b = controllable(log, 'b');
    const ra = q.run(a.job);
    const rb = q.run(b.job);
    await tick();
    a.finish(true);
    await expect(ra).rejects.toThrow('a failed');
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    expect(await rb).toBe('b');
    expect([q.running, q.queued]).toEqual([0, 0]);
  });

  it('a job that throws synchronously also frees its slot', async () => {
    const q = new BoundedQueue(1, 0);
    await expect(
      q.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(await q.run(async () => 1)).toBe(1);
  });
});
