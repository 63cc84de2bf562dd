import { describe, expect, it } from 'vitest';
import { pooledFigure, type LoadWindow } from './references';

const window = (times: number[], seconds: number, busyMs: number): LoadWindow => ({
  times,
  requests: times.length,
  elapsedSeconds: seconds,
  non2xx: 1,
  errors: 0,
  busyMs,
  cpuSpent: { server: busyMs / 2, database: busyMs / 4, client: busyMs / 4 },
});

describe('pooledFigure', () => {
  it('takes the percentiles of all the windows’ answers, not a mean of each window’s', () => {
    // A fast window and a slow one: the pooled p95 is among the slow answers, the p50 between.
    const fast = window(
      Array.from({ length: 90 }, () => 1),
      1,
      90,
    );
    const slow = window(
      Array.from({ length: 10 }, () => 50),
      1,
      10,
    );
    const figure = pooledFigure([fast, slow]);
    expect(figure.requests).toBe(100);
    expect(figure.p50).toBe(1);
    expect(figure.p95).toBe(50);
    expect(figure.p99).toBe(50);
    expect(figure.non2xx).toBe(2);
  });

  it('states throughput over all the windows’ time and CPU over all their answers', () => {
    const figure = pooledFigure([window([2, 2, 2, 2], 2, 8), window([4, 4], 1, 4)]);
    expect(figure.rps).toBe(2); // 6 answers in 3 s
    expect(figure.cpuMs).toBe(2); // 12 ms for 6 answers
    expect(figure.cpuSplit).toEqual({ server: 1, database: 0.5, client: 0.5 });
  });

  it('gives zeros, not NaN, for windows that answered nothing', () => {
    const figure = pooledFigure([window([], 5, 0)]);
    expect(figure).toMatchObject({ requests: 0, rps: 0, p95: 0, cpuMs: 0 });
  });
});
