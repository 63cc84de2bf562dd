/** Time is a dependency (STYLE.md): the 48 h, 24 h and age rules stay testable with a fixed clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
