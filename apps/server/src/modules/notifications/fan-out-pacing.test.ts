import { describe, expect, it } from 'vitest';
import { FAN_OUT_REST_RATIO, FAN_OUT_SPREAD_MS, restAfterSlice } from './alert-fan-out';

/** Runs a fan-out of `count` slices of `sliceMs` each on paper: when each slice starts. */
function startsOf(count: number, sliceMs: number): number[] {
  const starts: number[] = [];
  let now = 0;
  for (let index = 0; index < count; index += 1) {
    starts.push(now);
    now += sliceMs;
    if (index < count - 1) now += restAfterSlice({ index, count, sliceMs, elapsedMs: now });
  }
  return starts;
}

describe('the pace of a fan-out in slices', () => {
  it('spreads the slices of a large fan-out evenly over FAN_OUT_SPREAD_MS', () => {
    // Paris on a fast machine: 28 slices of 70 ms.
    const starts = startsOf(28, 70);
    const turn = FAN_OUT_SPREAD_MS / 28;
    starts.forEach((start, index) => expect(start).toBeCloseTo(index * turn, 6));
    // The last slice ends well inside the 30 s goal.
    expect(starts.at(-1)! + 70).toBeLessThan(FAN_OUT_SPREAD_MS);
  });

  it('rests at least FAN_OUT_REST_RATIO times a slice on a machine too slow to keep the pace', () => {
    // 28 slices of 400 ms: a turn is 714 ms, shorter than a slice and its least rest.
    expect(restAfterSlice({ index: 0, count: 28, sliceMs: 400, elapsedMs: 400 })).toBe(
      400 * FAN_OUT_REST_RATIO,
    );
    const starts = startsOf(28, 400);
    expect(starts[1]).toBe(400 * (1 + FAN_OUT_REST_RATIO));
    expect(starts.at(-1)).toBe(27 * 400 * (1 + FAN_OUT_REST_RATIO));
  });

  it('keeps the pace after a slow slice without making up for it in a burst', () => {
    // The second slice took 3 s: the third waits its own least rest, not zero.
    const rest = restAfterSlice({ index: 1, count: 10, sliceMs: 3000, elapsedMs: 5000 });
    expect(rest).toBe(3000 * FAN_OUT_REST_RATIO);
  });

  it('spreads two slices over half the time, and never rests a negative time', () => {
    expect(startsOf(2, 50)).toEqual([0, FAN_OUT_SPREAD_MS / 2]);
    expect(restAfterSlice({ index: 0, count: 2, sliceMs: 0, elapsedMs: 60_000 })).toBe(0);
  });
});
