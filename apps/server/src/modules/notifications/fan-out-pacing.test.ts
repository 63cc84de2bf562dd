import { describe, expect, it } from 'vitest';
import {
  FAN_OUT_FINISH_MS,
  FAN_OUT_REST_RATIO,
  FAN_OUT_SPREAD_MS,
  restAfterSlice,
} from './alert-fan-out';
import { FAN_OUT_START_DELAY_MS } from '../../jobs/notifications.job';

/** Runs a fan-out of slices of the given durations on paper: when each slice starts and ends. */
function runOnPaper(sliceMs: number[]): { starts: number[]; end: number } {
  const starts: number[] = [];
  let now = 0;
  let workMs = 0;
  for (const [index, ms] of sliceMs.entries()) {
    starts.push(now);
    now += ms;
    workMs += ms;
    if (index < sliceMs.length - 1) {
      now += restAfterSlice({ index, count: sliceMs.length, sliceMs: ms, elapsedMs: now, workMs });
    }
  }
  return { starts, end: now };
}

const slices = (count: number, ms: number) => Array.from({ length: count }, () => ms);

describe('the pace of a fan-out in slices', () => {
  it('spreads the slices of a large fan-out evenly over FAN_OUT_SPREAD_MS', () => {
    // Paris on a fast machine: 135 slices of 15 ms.
    const { starts, end } = runOnPaper(slices(135, 15));
    const turn = FAN_OUT_SPREAD_MS / 135;
    starts.forEach((start, index) => expect(start).toBeCloseTo(index * turn, 6));
    expect(end).toBeLessThan(FAN_OUT_SPREAD_MS);
  });

  it('rests FAN_OUT_REST_RATIO times a slice when the pace is too fast for the machine', () => {
    // 28 slices of 300 ms: a turn is 714 ms, shorter than a slice and its least rest, which fit.
    expect(restAfterSlice({ index: 0, count: 28, sliceMs: 300, elapsedMs: 300, workMs: 300 })).toBe(
      300 * FAN_OUT_REST_RATIO,
    );
    const { starts, end } = runOnPaper(slices(28, 300));
    expect(starts[1]).toBe(300 * (1 + FAN_OUT_REST_RATIO));
    expect(end).toBe(27 * 300 * (1 + FAN_OUT_REST_RATIO) + 300);
    expect(end).toBeLessThan(FAN_OUT_FINISH_MS);
  });

  it('rests less on a machine too slow for the least rests, to end by FAN_OUT_FINISH_MS', () => {
    // Paris where a slice takes 90 ms (after a checkpoint on a slow machine): resting twice each
    // slice would end at 36 s.
    expect(135 * 90 * (1 + FAN_OUT_REST_RATIO)).toBeGreaterThan(30_000);
    const { starts, end } = runOnPaper(slices(135, 90));
    expect(end).toBeCloseTo(FAN_OUT_FINISH_MS, 6);
    // It still rests between slices, evenly: the time left shared out.
    const gaps = starts.slice(1).map((start, index) => start - starts[index]! - 90);
    gaps.forEach((gap) => expect(gap).toBeGreaterThan(90));
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThan(1e-6);
  });

  it('goes without rests when the slices alone fill the time, and never rests a negative time', () => {
    const { starts } = runOnPaper(slices(100, 300));
    expect(starts[1]).toBe(300);
    expect(starts.at(-1)).toBe(99 * 300);
    expect(restAfterSlice({ index: 0, count: 2, sliceMs: 0, elapsedMs: 60_000, workMs: 0 })).toBe(
      0,
    );
  });

  it('keeps the pace after a slow slice without making up for it in a burst', () => {
    // The second slice took 1 s (the first 100 ms): the third waits its least rest, not zero.
    expect(
      restAfterSlice({ index: 1, count: 10, sliceMs: 1000, elapsedMs: 3000, workMs: 1100 }),
    ).toBe(1000 * FAN_OUT_REST_RATIO);
  });

  it('spreads two slices over half the time', () => {
    expect(runOnPaper([50, 50]).starts).toEqual([0, FAN_OUT_SPREAD_MS / 2]);
  });

  it("leaves the last slice, after the job's start delay, a second within issue 20's 30 s", () => {
    // The second is for the recipients' search (p95 84–117 ms for Paris) and the last slice itself.
    expect(FAN_OUT_SPREAD_MS).toBeLessThanOrEqual(FAN_OUT_FINISH_MS);
    expect(FAN_OUT_START_DELAY_MS + FAN_OUT_FINISH_MS).toBeLessThanOrEqual(29_000);
  });
});
