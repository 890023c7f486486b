import { Global, Module, type DynamicModule } from '@nestjs/common';

/** What every booking rule asks the time of: the real clock in production, one the tests move in theirs. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock tests set and move (`new MovableClock(at)`, `clock.advance(hours)`), handed to the app in place of the
 * system's: deadlines and lead times are tested without sleeping.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  constructor(start?: Date | number) {
    if (start !== undefined) this.set(start);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(at: Date | number): void {
    this.offsetMs = new Date(at).getTime() - Date.now();
  }

  advanceHours(hours: number): void {
    this.offsetMs += hours * 3_600_000;
  }

  /** How far ahead of the system's clock this one runs (negative: behind). */
  get offset(): number {
    return this.offsetMs;
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
}

/** The clock, for every module (the app's is the system's unless the caller of AppModule.forRoot gives one). */
@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = systemClock): DynamicModule {
    return { module: ClockModule, providers: [{ provide: CLOCK, useValue: clock }], exports: [CLOCK] };
  }
}
