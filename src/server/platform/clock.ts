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

/**
 * The system clock shifted by an offset that only grows (development and browser tests with
 * DEV_CLOCK=1: /api/dev/clock moves it forward to pass a 24-hour window in a second).
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms;
  }
  get offset(): number {
    return this.offsetMs;
  }
}
