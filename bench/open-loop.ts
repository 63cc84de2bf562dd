/**
 * A steady open-loop load: one request every 1/rate seconds, whatever the answers do (watchers in
 * the street do not wait for one another), as issue 20's "at a steady open-loop rate" asks.
 *
 * autocannon's `overallRate` is not that: each connection sends its share of the second back to
 * back as soon as the second starts, then waits for the next second. At 200/s over 16 connections
 * that is a burst of 16 concurrent requests, twelve deep, at the top of every second: its p99 was
 * the queueing of those bursts, not what one check waits for at that rate.
 *
 * Here each request's time runs from the moment it was due, not from when the client got round to
 * sending it: a client that falls behind (it shares the machine's cores with the server) counts
 * against the figure. How late the client sent is reported apart, so that the two can be told
 * apart.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { cpuPerRequest, cpuSoFar } from './cpu-split';
import { machineBusyMs, type LoadFigure } from './references';

export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopFigure extends LoadFigure {
  /** How late the client sent its requests (ms, p99 and worst): its own share of the wait. */
  sendDelayP99: number;
  sendDelayMax: number;
}

function percentileOf(sorted: readonly number[], p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return Math.round(value * 10) / 10;
}

export async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  next: () => OpenLoopRequest;
  onResponse?: (status: number) => void;
  /** Each answer: the moment it was due (performance.now()) and its time from then, in ms. */
  onAnswer?: (dueAt: number, ms: number) => void;
  /** Stops sending when aborted (before `seconds`); the answers still due are waited for. */
  signal?: AbortSignal;
}): Promise<OpenLoopFigure> {
  const target = new URL(options.url);
  // Enough sockets that no request waits for one: a waiting request would be a closed loop again.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const interval = 1000 / options.rate;
  let total = Math.round(options.rate * options.seconds);
  const times: number[] = [];
  const sendDelays: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let finished = 0;
  let allSent = false;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const settle = () => {
    finished += 1;
    if (allSent && finished === total) resolveDone();
  };

  function fire(due: number) {
    const request = options.next();
    sendDelays.push(performance.now() - due);
    const body = request.body ?? '';
    const outgoing = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const ms = performance.now() - due;
          times.push(ms);
          options.onAnswer?.(due, ms);
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) non2xx += 1;
          options.onResponse?.(status);
          settle();
        });
      },
    );
    outgoing.on('error', () => {
      errors += 1;
      settle();
    });
    outgoing.end(body);
  }

  const busyBefore = machineBusyMs();
  const splitBefore = cpuSoFar();
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      if (options.signal?.aborted) total = sent;
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        fire(start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  allSent = true;
  if (finished < total) await done;
  const elapsed = (performance.now() - start) / 1000;
  const busyMs = machineBusyMs() - busyBefore;
  const splitAfter = cpuSoFar();
  agent.destroy();
  times.sort((a, b) => a - b);
  sendDelays.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: Math.round(times.length / elapsed),
    p50: percentileOf(times, 50),
    p95: percentileOf(times, 95),
    p99: percentileOf(times, 99),
    cpuMs: times.length > 0 ? busyMs / times.length : 0,
    cpuSplit: cpuPerRequest(splitBefore, splitAfter, times.length),
    non2xx,
    errors,
    sendDelayP99: percentileOf(sendDelays, 99),
    sendDelayMax: percentileOf(sendDelays, 100),
  };
}
