import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuBetween, cpuPerRequest, cpuSoFar, parseStat } from './cpu-split';

describe('cpu-split', () => {
  it('reads the name and the user and system ticks of a stat line, whatever the name holds', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const line = '4242 (postgres: a) b) S 1 4242 4242 0 -1 4194560 900 0 0 0 1234 56 0 0 20 0 1 0';
    expect(parseStat(line)).toEqual({ comm: 'postgres: a) b', ticks: 1290 });
  });

  it('gives each role its time per request, never below zero', () => {
    const before = { server: 1000, database: 500, client: 200 };
    const after = { server: 1600, database: 400, client: 500 };
    expect(cpuPerRequest(before, after, 100)).toEqual({ server: 6, database: 0, client: 3 });
    expect(cpuPerRequest(before, after, 0)).toEqual({ server: 0, database: 0, client: 0 });
    expect(cpuBetween(before, after)).toEqual({ server: 600, database: 0, client: 300 });
  });

  it.runIf(os.platform() === 'linux')('counts this process as the load generator', () => {
    const before = cpuSoFar();
    // 50 ms of this process's own CPU, however long the machine makes it wait (ticks are 10 ms).
    const start = process.cpuUsage();
    let spins = 0;
    while (process.cpuUsage(start).user < 50_000) spins += 1;
    expect(spins).toBeGreaterThan(0);
    expect(cpuSoFar().client - before.client).toBeGreaterThanOrEqual(30);
  });
});
