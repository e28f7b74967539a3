/**
 * The one source of "now" for server code whose rules depend on time (code expiry, cool-downs,
 * windows, deadlines). Production uses the system clock; tests pass a ManualClock to buildApp and
 * move it instead of sleeping.
 */
export interface Clock {
  now(): Date;
  /** milliseconds since the epoch (same instant as now()) */
  nowMs(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowMs: () => Date.now(),
};

/** A clock that only moves when told to (tests). */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  nowMs(): number {
    return this.ms;
  }
  /** moves the clock forward by `ms` milliseconds */
  advance(ms: number): void {
    this.ms += ms;
  }
  set(to: Date | number): void {
    this.ms = typeof to === 'number' ? to : to.getTime();
  }
}
