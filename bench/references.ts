/**
 * The two references every benchmark measures in the same run as its endpoints (issue 20): GET
 * /health of the same server (one `select 1`: the floor of any request that asks the database) and
 * a bare Fastify "hello" (the floor of any HTTP request on this machine at this moment). The
 * machine is shared and of uneven speed from one day to the next, so a figure means something only
 * as a ratio to these, measured minutes apart at most.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { COMMAND_LINE_GC_FLAGS } from '../apps/server/src/lib/garbage-collection';
import { cpuBetween, cpuSoFar, MS_PER_TICK, type CpuSplit } from './cpu-split';

const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');

export interface LoadFigure {
  requests: number;
  /** Requests per second over the run. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /**
   * The whole machine's CPU time (client, server, database; not the time other tenants stole) per
   * request answered, in ms: what a change buys even when a shared machine's throughput swings by
   * half from one run to the next.
   */
  cpuMs: number;
  /** Of `cpuMs`, what the server, PostgreSQL and the load generator spent (cpu-split.ts). */
  cpuSplit?: CpuSplit;
}

/** Busy CPU time of the machine so far, in ms (Linux /proc/stat; 0 elsewhere). */
export function machineBusyMs(): number {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.split(/\s+/);
    const [user, nice, system, , , irq, softirq] = fields.map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/** What `load` is asked: autocannon's options as the benchmarks use them. */
export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  requests?: autocannon.Request[];
  onResponse?: (status: number) => void;
  /** Paced: at most this many requests per second over all connections. */
  overallRate?: number;
  /** Stops after this many requests instead of after `seconds`. */
  amount?: number;
}

/** One stretch of load, raw, so that several stretches of the same endpoint can be pooled. */
export interface LoadWindow {
  /** Every response time, in ms. */
  times: number[];
  requests: number;
  elapsedSeconds: number;
  non2xx: number;
  errors: number;
  /** The machine's busy CPU time over the window, in ms. */
  busyMs: number;
  /** Each role's CPU time over the window, in ms (not per request). */
  cpuSpent: CpuSplit;
}

/** autocannon against `url`, every response time recorded (autocannon's summary has no p95). */
export async function loadWindow(options: LoadOptions): Promise<LoadWindow> {
  const times: number[] = [];
  const busyBefore = machineBusyMs();
  const splitBefore = cpuSoFar();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
        // Slow answers are measured, not dropped.
        timeout: 60,
        ...(options.requests ? { requests: options.requests } : {}),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      options.onResponse?.(status);
    });
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  return {
    times,
    requests: result.requests.total,
    elapsedSeconds,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    busyMs: machineBusyMs() - busyBefore,
    cpuSpent: cpuBetween(splitBefore, cpuSoFar()),
  };
}

/**
 * The figures of one or more windows of the same endpoint taken together: percentiles of all their
 * answers, throughput as all requests over all the windows' time, CPU as all spent over all answered.
 */
export function pooledFigure(windows: readonly LoadWindow[]): LoadFigure {
  const times = windows.flatMap((window) => window.times).sort((a, b) => a - b);
  const sum = (of: (window: LoadWindow) => number) =>
    windows.reduce((total, window) => total + of(window), 0);
  const requests = sum((window) => window.requests);
  const seconds = sum((window) => window.elapsedSeconds);
  const percentile = (p: number) =>
    Math.round(
      (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0) * 10,
    ) / 10;
  const perRequest = (ms: number) => (requests > 0 ? ms / requests : 0);
  return {
    requests,
    rps: seconds > 0 ? Math.round(requests / seconds) : 0,
    p50: percentile(50),
    p95: percentile(95),
    p99: percentile(99),
    non2xx: sum((window) => window.non2xx),
    errors: sum((window) => window.errors),
    cpuMs: perRequest(sum((window) => window.busyMs)),
    cpuSplit: {
      server: perRequest(sum((window) => window.cpuSpent.server)),
      database: perRequest(sum((window) => window.cpuSpent.database)),
      client: perRequest(sum((window) => window.cpuSpent.client)),
    },
  };
}

/** autocannon against `url` (with `requests` if given), as one window's figures. */
export async function load(options: LoadOptions): Promise<LoadFigure> {
  return pooledFigure([await loadWindow(options)]);
}

/**
 * Several endpoints measured in turn, `rounds` times, each window `seconds` long, and each
 * endpoint's windows pooled: a machine whose speed drifts within a run (a 2-core virtual machine's
 * `GET /health` moved from 9,500 to 5,500 req/s between the start and the end of one discovery run,
 * 2026-12-05) then slows every endpoint alike, and their ratios hold. The order turns each round,
 * so that no endpoint always follows the same one.
 */
export async function alternatedFigures(
  endpoints: readonly {
    name: string;
    options: Omit<LoadOptions, 'seconds'>;
    /** Run before each of its windows, not timed (a benchmark's warm-up pass). */
    before?: () => Promise<void>;
  }[],
  rounds: number,
  seconds: number,
): Promise<Map<string, LoadFigure>> {
  const windows = new Map<string, LoadWindow[]>(endpoints.map(({ name }) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < endpoints.length; turn++) {
      const endpoint = endpoints[(round + turn) % endpoints.length]!;
      await endpoint.before?.();
      windows.get(endpoint.name)!.push(await loadWindow({ ...endpoint.options, seconds }));
    }
  }
  return new Map([...windows].map(([name, taken]) => [name, pooledFigure(taken)]));
}

/** Whether this benchmark process has compiled the server yet (once is enough). */
let serverBuilt = false;

/**
 * How a benchmark starts the real server: compiled as production runs it (`npm run build -w
 * @app/server`, then `node apps/server/dist/main.js` with the V8 settings read only at start,
 * docs/deploy.md §3), by this Node, so that BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") reach the server's own process, which writes its profile when
 * SIGTERM stops it. Run from its TypeScript through tsx's loader, every function a hot path makes
 * was also named at run time by a helper the loader adds (2–3 % of a search's profile samples,
 * bench/results/discovery-2026-12-05-notes.md, session 51): a cost production does not pay.
 */
export function serverCommand(): [string, string[]] {
  if (!serverBuilt) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@app/server'], {
      cwd: path.resolve(SERVER_DIR, '../..'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) {
      throw new Error('the server did not compile (npm run build -w @app/server)');
    }
    serverBuilt = true;
  }
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return [
    process.execPath,
    [...COMMAND_LINE_GC_FLAGS, ...nodeArgs, path.join(SERVER_DIR, 'dist/main.js')],
  ];
}

/** A bare Fastify answering GET / with {"hello":"world"}, in its own process; stop() ends it. */
export async function startHello(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const source = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  // From the server's folder, so that its Fastify is the one found.
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: SERVER_DIR,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`hello server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 300) throw new Error('hello server did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface References {
  health: LoadFigure;
  hello: LoadFigure;
}

/** GET /health of the server under test, then the bare hello, same connections and duration. */
export async function measureReferences(options: {
  appUrl: string;
  helloUrl: string;
  connections: number;
  seconds: number;
}): Promise<References> {
  const common = { connections: options.connections, seconds: options.seconds };
  const health = await load({ url: `${options.appUrl.replace(/\/$/, '')}/health`, ...common });
  const hello = await load({ url: options.helloUrl, ...common });
  return { health, hello };
}

/** The mean of the references taken before and after the endpoints (the machine drifts). */
export function meanReferences(before: References, after: References): References {
  const mean = (a: LoadFigure, b: LoadFigure): LoadFigure => ({
    requests: a.requests + b.requests,
    rps: Math.round((a.rps + b.rps) / 2),
    p50: Math.round(((a.p50 + b.p50) / 2) * 10) / 10,
    p95: Math.round(((a.p95 + b.p95) / 2) * 10) / 10,
    p99: Math.round(((a.p99 + b.p99) / 2) * 10) / 10,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    cpuMs: (a.cpuMs + b.cpuMs) / 2,
    ...(a.cpuSplit && b.cpuSplit
      ? {
          cpuSplit: {
            server: (a.cpuSplit.server + b.cpuSplit.server) / 2,
            database: (a.cpuSplit.database + b.cpuSplit.database) / 2,
            client: (a.cpuSplit.client + b.cpuSplit.client) / 2,
          },
        }
      : {}),
  });
  return { health: mean(before.health, after.health), hello: mean(before.hello, after.hello) };
}

const ratio = (value: number, reference: number) =>
  reference > 0 ? `${(value / reference).toFixed(2)}×` : '–';

/** Table header for `ratioRow`. */
export const RATIO_HEADER = [
  '| endpoint | req/s | p50 ms | p95 ms | p99 ms | throughput / health | p95 / health | p99 / health | throughput / hello | p99 / hello | non-2xx | errors | machine CPU ms / request | of it server / PostgreSQL / load generator ms | CPU / health |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

const splitCell = (split: CpuSplit | undefined) =>
  split ? [split.server, split.database, split.client].map((ms) => ms.toFixed(2)).join(' / ') : '–';

/** One endpoint's figures and its ratios to the references of the same run. */
export function ratioRow(name: string, figure: LoadFigure, references: References): string {
  const { health, hello } = references;
  return `| ${name} | ${figure.rps} | ${figure.p50} | ${figure.p95} | ${figure.p99} | ${ratio(figure.rps, health.rps)} | ${ratio(figure.p95, health.p95)} | ${ratio(figure.p99, health.p99)} | ${ratio(figure.rps, hello.rps)} | ${ratio(figure.p99, hello.p99)} | ${figure.non2xx} | ${figure.errors} | ${figure.cpuMs.toFixed(2)} | ${splitCell(figure.cpuSplit)} | ${ratio(figure.cpuMs, health.cpuMs)} |`;
}

/** The references themselves, as rows of the same table (before, after, mean). */
export function referenceRows(label: string, references: References): string[] {
  return [
    ratioRow(`GET /health (${label})`, references.health, references),
    ratioRow(`bare Fastify hello (${label})`, references.hello, references),
  ];
}

/**
 * The real server (compiled: serverCommand) on `databaseUrl`, index off, for a benchmark that
 * measures queries directly and needs GET /health as its reference; stop() ends it.
 */
export async function startAppServer(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(...serverCommand(), {
    cwd: path.resolve(SERVER_DIR, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-42',
      SEARCH_INDEX: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${options.port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error('server did not answer');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
