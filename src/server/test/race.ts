/**
 * The race check of the concurrency tests: two operations fired together on one fresh "world" (a task,
 * a deal …), many rounds, must end in what one of the two serial orders gives — the same answers and the
 * same rows (as `snapshot` renders them) — and the rows must break none of `violations`.
 */
import { AppError } from '../platform/errors';

/**
 * Rounds fired together on PGlite. PGlite runs one transaction at a time, so "together" there is only an
 * interleaving of whole transactions: the real races run on PostgreSQL (the CI's API pass). On PGlite the two
 * serial orders and two rounds together still check the outcomes and the invariants (decision 0041, item 11).
 */
export const PGLITE_ROUNDS = 2;

/**
 * How hard to race: on PostgreSQL (TEST_DATABASE_URL) 50 rounds, 4 at a time (decision 0041: CI time; CONCURRENCY_ROUNDS=500 for a deeper run); on PGlite
 * PGLITE_ROUNDS one by one. CONCURRENCY_ROUNDS overrides the count.
 */
export function raceRounds() {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  return { onPostgres, rounds: Number(process.env.CONCURRENCY_ROUNDS ?? (onPostgres ? 50 : PGLITE_ROUNDS)), parallel: onPostgres ? 4 : 1 };
}

export type RaceOp<W> = { name: string; run(w: W): Promise<unknown> };
export type RaceWorld<W, S> = {
  make(): Promise<W>;
  /** the rows of a world with ids replaced by labels, so that worlds compare */
  snapshot(w: W): Promise<S>;
  /** the invariants the rows break, as text (none: []) */
  violations(s: S): string[];
};

/** What an operation answered: 'ok' or the error code. */
export async function outcome<W>(op: RaceOp<W>, w: W): Promise<string> {
  try {
    await op.run(w);
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

type Result<S> = { outcomes: [string, string]; state: S };

async function run<W, S>(world: RaceWorld<W, S>, a: RaceOp<W>, b: RaceOp<W>, aFirst: boolean, together: boolean): Promise<Result<S>> {
  const w = await world.make();
  const [first, second] = aFirst ? [a, b] : [b, a];
  const answers = together ? await Promise.all([outcome(first, w), outcome(second, w)]) : [await outcome(first, w), await outcome(second, w)];
  const outcomes: [string, string] = aFirst ? [answers[0], answers[1]] : [answers[1], answers[0]];
  return { outcomes, state: await world.snapshot(w) };
}

/**
 * Runs A;B and B;A serially (the legal outcomes), then `rounds` rounds of A and B together (alternating
 * which starts first, `parallel` rounds at a time). Returns every illegal round and the legal outcomes.
 */
export async function raceAgainstSerial<W, S>(
  world: RaceWorld<W, S>,
  a: RaceOp<W>,
  b: RaceOp<W>,
  opts: { rounds: number; parallel?: number },
): Promise<{ illegal: string[]; legal: string[] }> {
  const key = (r: Result<S>) => JSON.stringify(r);
  const legal = new Set<string>();
  const illegal: string[] = [];
  for (const aFirst of [true, false]) {
    const r = await run(world, a, b, aFirst, false);
    const broken = world.violations(r.state);
    if (broken.length) illegal.push(`serial ${aFirst ? 'A;B' : 'B;A'} breaks ${broken.join('; ')}: ${key(r)}`);
    legal.add(key(r));
  }
  const parallel = opts.parallel ?? 1;
  for (let round = 0; round < opts.rounds; round += parallel) {
    const batch = await Promise.all(Array.from({ length: Math.min(parallel, opts.rounds - round) }, (_, i) => run(world, a, b, (round + i) % 2 === 0, true)));
    for (const r of batch) {
      const broken = world.violations(r.state);
      if (broken.length > 0 || !legal.has(key(r))) illegal.push(`${broken.join('; ') || 'not a serial outcome'}: ${key(r)}`);
    }
  }
  return { illegal, legal: [...legal] };
}
