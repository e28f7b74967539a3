import { AppError } from '../../platform/errors';

/**
 * A semaphore with a bounded waiting line (docs/decisions/0007-bounded-image-work.md).
 *
 * At most `concurrency` jobs run at once; up to `maxWaiting` more wait in arrival order; any job
 * beyond that is refused at once with 503 UPLOAD_BUSY, so neither the thread pool nor memory can be
 * taken over by a flood. A finished job hands its slot straight to the next waiting one.
 */
export class BoundedQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!(concurrency >= 1) || !(maxWaiting >= 0)) throw new Error('BoundedQueue: concurrency ≥ 1 and maxWaiting ≥ 0');
  }

  get running() {
    return this.active;
  }
  get queued() {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new AppError('UPLOAD_BUSY', undefined, undefined, { 'retry-after': '10' });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      // the slot was handed over by the job that finished: `active` already counts this one
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
