/**
 * `npm run bench:web`: the first load of the web app on a phone, measured by Lighthouse (mobile
 * settings: simulated slow 4G and a 4× slower CPU) in Debian's Chromium against the real server
 * (`npm start`'s build, demo data, a temporary DATA_DIR). Four screens: the login page, the signed-in
 * home, the search and an announcement's detail; the signed-in ones use the demo account's session,
 * put in localStorage as the app keeps it (e2e/support/session.ts). Every run starts with an empty
 * HTTP cache and no service worker (Lighthouse clears them), so it is a first visit. Writes the
 * medians to bench/results/web-<date>.md. Run on demand, never in CI; a busy machine slows the
 * simulated figures little (they are computed from the trace) but the load average is written down.
 *
 * BENCH_WEB_RUNS (default 3) runs per screen, BENCH_WEB_PORT (default 3390), BENCH_WEB_LABEL (a word
 * for the results file, e.g. "before"), BENCH_WEB_SCREENS (some of login,home,search,annonce; all by
 * default), BENCH_WEB_REPORTS_DIR (a folder where each run's whole Lighthouse report is kept, to read
 * the LCP element, the long tasks and the bytes by request), BENCH_WEB_THROTTLING=devtools (the
 * network and CPU really slowed while the page loads, instead of Lighthouse's simulation from an
 * unthrottled trace: slower, noisier, but it shows what happens in parallel, which the simulation
 * redraws from its own dependency graph), BENCH_WEB_TRACES_DIR (a folder where each run's trace is
 * kept, with the CPU profiler's samples, to see which functions make a long task; open it in
 * DevTools' Performance panel), BENCH_WEB_CPU_SLOWDOWN (default 4, Lighthouse's and issue 17's:
 * another multiplier to read the figures for the phone Lighthouse aims at on a machine far faster
 * or slower than the desktop its 4× was calibrated for; see the benchmark index in the results),
 * BENCH_WEB_UNTRACED_RUNS (default BENCH_WEB_RUNS; 0 for none): loads of each screen really slowed
 * and not traced, whose blocking time the browser's Long Tasks API gives (web/untraced-blocking.ts),
 * beside Lighthouse's simulation, which the bench machines' tracing costs distort.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freshMemoryMicrosecondsPerPage } from '../fresh-memory-cost';
import { mainThreadCpu } from './main-thread-cpu';
import { putInStorage, untracedBlocking, type UntracedRun } from './untraced-blocking';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3390);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const UNTRACED_RUNS = Number(process.env.BENCH_WEB_UNTRACED_RUNS ?? RUNS);
const THROTTLING = process.env.BENCH_WEB_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4);
if (!(CPU_SLOWDOWN >= 1)) throw new Error('BENCH_WEB_CPU_SLOWDOWN must be a number from 1');
// DevTools' throttling already slowed the tasks the trace holds: their CPU time is not slowed again.
const TRACE_SLOWDOWN = THROTTLING === 'devtools' ? 1 : CPU_SLOWDOWN;
const BLOCKING = THROTTLING === 'devtools' ? 'blocking' : `blocking at ${CPU_SLOWDOWN}×`;
const LABEL = process.env.BENCH_WEB_LABEL ?? '';
const SCREENS = process.env.BENCH_WEB_SCREENS?.split(',').map((name) => name.trim());
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS_DIR;
const TRACES_DIR = process.env.BENCH_WEB_TRACES_DIR;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO_ACCOUNT = { username: 'demo@veilleurs.fr', password: 'Veilleurs2026' };
/** localStorage key of the signed-in user (apps/web/src/lib/storage.ts). */
const SESSION_KEY = 'veilleurs.user';
/**
 * localStorage key of the browser's device id, and one: every signed-in browser has one (its login
 * sent it), and the early home request of index.html waits for it.
 */
const DEVICE_KEY = 'veilleurs.deviceId';
const DEVICE_ID = 'bench0123456789abcdef';

/** Runs of a screen that Lighthouse could not measure and that are run again, at most. */
const MAX_RETRIES_PER_SCREEN = 2;

/** Issue 17's goals for each screen. */
const TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKiB: number;
  scriptKiB: number;
  requests: number;
  /** Lighthouse's measure of this machine's CPU speed during the run: higher is faster. */
  benchmarkIndex: number;
  /** The main thread's CPU time (web/main-thread-cpu.ts), which the machine's load does not inflate. */
  mainThreadCpuMs: number;
  /** Total Blocking Time's rule applied to that CPU time, slowed by TRACE_SLOWDOWN. */
  blockingCpuMs: number;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${ORIGIN}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /health in time');
}

function startServer(dataDir: string) {
  const build = spawnSync('npm', ['run', 'build:web:if-needed'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
  const server = spawn('npm', ['run', 'start', '-w', '@app/server'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_FACTOR: '50',
      PUBLIC_URL: ORIGIN,
    },
  });
  return server;
}

function figuresOf(result: NonNullable<Awaited<ReturnType<typeof lighthouse>>>): Figures {
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items =
    (
      lhr.audits['resource-summary']?.details as
        | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
        | undefined
    )?.items ?? [];
  const of = (type: string) => items.find((item) => item.resourceType === type);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    transferKiB: (of('total')?.transferSize ?? 0) / 1024,
    scriptKiB: (of('script')?.transferSize ?? 0) / 1024,
    requests: of('total')?.requestCount ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...(({ cpuMs, blockingCpuMs }) => ({ mainThreadCpuMs: cpuMs, blockingCpuMs }))(
      mainThreadCpu(
        result.artifacts.Trace as unknown as Parameters<typeof mainThreadCpu>[0],
        TRACE_SLOWDOWN,
      ),
    ),
  };
}

/** Another server already on the port would be measured in place of this build's: refuse. */
async function ensurePortFree() {
  const answered = await fetch(`${ORIGIN}/health`).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new Error(
      `${ORIGIN} already answers: another server would be measured; stop it or set BENCH_WEB_PORT`,
    );
}

async function main() {
  await ensurePortFree();
  // Measured while the machine is still quiet: no server, no browser.
  const freshMemoryCost = freshMemoryMicrosecondsPerPage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-web-'));
  const server = startServer(dataDir);
  const stopServer = () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', stopServer);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
    userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-web-chromium-')),
  });
  try {
    await waitForHealth(Date.now() + 300_000);
    const login = await fetch(`${ORIGIN}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DEMO_ACCOUNT, rememberMe: false }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const answer = (await login.json()) as { access_token: string; expires_in: number };
    // The demo seed is deterministic: announcement 2 is a stolen car with photos (e2e/specs/annonces.spec.ts).
    const annonceId = 2;

    const screens = [
      { key: 'login', name: 'login', hash: '#/login', signedIn: false },
      { key: 'home', name: 'home (signed in)', hash: '#/', signedIn: true },
      { key: 'search', name: 'search', hash: '#/search', signedIn: true },
      {
        key: 'annonce',
        name: `announcement ${annonceId}`,
        hash: `#/annonce/show/${annonceId}`,
        signedIn: true,
      },
    ].filter((screen) => !SCREENS || SCREENS.includes(screen.key));
    if (screens.length === 0) throw new Error(`BENCH_WEB_SCREENS names no screen: ${SCREENS}`);
    const page = await browser.newPage();
    // robots.txt: a same-origin page that loads none of the app (no service worker, no cache).
    await page.goto(`${ORIGIN}/robots.txt`);
    const results: { name: string; runs: Figures[]; untraced: UntracedRun[] }[] = [];
    const failures: string[] = [];
    for (const screen of screens) {
      const storage: Record<string, string | null> = {
        [SESSION_KEY]: screen.signedIn
          ? JSON.stringify({
              ...answer,
              expiresAt: Date.now() + answer.expires_in * 1000,
              rememberMe: false,
              impersonateToken: null,
              impersonateUsername: null,
              impersonateRoles: null,
            })
          : null,
        [DEVICE_KEY]: DEVICE_ID,
      };
      await putInStorage(page, ORIGIN, storage);
      const runs: Figures[] = [];
      let retries = 0;
      for (let run = 0; run < RUNS; run += 1) {
        let result: Awaited<ReturnType<typeof lighthouse>>;
        try {
          result = await lighthouse(
            `${ORIGIN}/${screen.hash}`,
            {
              onlyCategories: ['performance'],
              logLevel: 'error',
              output: 'json',
              throttlingMethod: THROTTLING,
              throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
              // The sampling profiler names the functions inside each task (it adds some overhead).
              ...(TRACES_DIR
                ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
                : {}),
            },
            undefined,
            page,
          );
        } catch (error) {
          // A machine too busy to answer the browser in time: note it and go on with the others.
          const reason = error instanceof Error ? error.message : String(error);
          failures.push(`${screen.name} #${run + 1}: ${reason}`);
          console.warn(`${screen.name} #${run + 1} failed: ${reason}`);
          continue;
        }
        if (!result) throw new Error(`lighthouse gave no result for ${screen.name}`);
        // A run Lighthouse itself could not measure (its trace lost the navigation: NO_NAVSTART)
        // scores 0 with no figures: noted and run again, never counted in a median.
        const runtimeError = result.lhr.runtimeError;
        if (runtimeError) {
          failures.push(`${screen.name} #${run + 1}: ${runtimeError.code}`);
          console.warn(`${screen.name} #${run + 1} not measured: ${runtimeError.code}`);
          if (retries < MAX_RETRIES_PER_SCREEN) {
            retries += 1;
            run -= 1;
          }
          continue;
        }
        const figures = figuresOf(result);
        if (REPORTS_DIR) {
          fs.mkdirSync(REPORTS_DIR, { recursive: true });
          fs.writeFileSync(
            path.join(REPORTS_DIR, `${screen.key}-${run + 1}.json`),
            JSON.stringify(result.lhr),
          );
        }
        if (TRACES_DIR) {
          fs.mkdirSync(TRACES_DIR, { recursive: true });
          fs.writeFileSync(
            path.join(TRACES_DIR, `${screen.key}-${run + 1}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        }
        runs.push(figures);
        console.log(
          `${screen.name} #${run + 1}: score ${figures.score}, FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, ${figures.transferKiB.toFixed(0)} KiB, main thread CPU ${Math.round(figures.mainThreadCpuMs)} ms (${BLOCKING}: ${Math.round(figures.blockingCpuMs)} ms)`,
        );
      }
      const untraced: UntracedRun[] = [];
      // Lighthouse's page left the app running on that screen: out of the way first.
      if (UNTRACED_RUNS > 0) await page.goto(`${ORIGIN}/robots.txt`);
      for (let run = 0; run < UNTRACED_RUNS; run += 1) {
        try {
          const figures = await untracedBlocking(browser, {
            origin: ORIGIN,
            hash: screen.hash,
            storage,
            cpuSlowdown: CPU_SLOWDOWN,
          });
          untraced.push(figures);
          console.log(
            `${screen.name} untraced #${run + 1}: FCP ${Math.round(figures.fcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms in ${figures.longTasks} long tasks`,
          );
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          failures.push(`${screen.name} untraced #${run + 1}: ${reason}`);
          console.warn(`${screen.name} untraced #${run + 1} failed: ${reason}`);
        }
      }
      results.push({ name: screen.name, runs, untraced });
    }

    const date = new Date().toISOString().slice(0, 10);
    const load = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ');
    const lighthouseVersion = (
      JSON.parse(
        fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
      ) as {
        version: string;
      }
    ).version;
    const chromiumVersion = await browser.version();
    const row = (name: string, runs: Figures[]) => {
      if (runs.length === 0) return `| ${name} | no run finished |||||||||||| no |`;
      const m = (key: keyof Figures) => median(runs.map((run) => run[key]));
      const ok =
        m('score') >= TARGETS.score &&
        m('lcpMs') <= TARGETS.lcpMs &&
        m('tbtMs') <= TARGETS.tbtMs &&
        m('cls') <= TARGETS.cls;
      return `| ${name} | ${m('score')} | ${(m('fcpMs') / 1000).toFixed(1)} | ${(m('lcpMs') / 1000).toFixed(1)} | ${Math.round(m('tbtMs'))} | ${m('cls').toFixed(3)} | ${(m('speedIndexMs') / 1000).toFixed(1)} | ${Math.round(m('transferKiB'))} | ${Math.round(m('scriptKiB'))} | ${m('requests')} | ${Math.round(m('mainThreadCpuMs'))} | ${Math.round(m('blockingCpuMs'))} | ${ok ? 'yes' : 'no'} |`;
    };
    const report = [
      `# Web first load on a phone (${date}${LABEL ? `, ${LABEL}` : ''})`,
      '',
      `Lighthouse ${lighthouseVersion}, mobile (${THROTTLING === 'devtools' ? `slow 4G and ${CPU_SLOWDOWN}× CPU slowdown applied by DevTools while loading` : `simulated slow 4G, ${CPU_SLOWDOWN}× CPU slowdown`}), performance only,`,
      `in ${chromiumVersion} (${CHROMIUM}, headless), against the real server on 127.0.0.1 serving the`,
      'built web app with the demo data. Each run starts with an empty HTTP cache and no service worker.',
      `Median of ${RUNS} runs per screen.`,
      '',
      `- machine: ${os.cpus().length} cores, shared; load average ${load} (1, 5, 15 min) at the end`,
      // The simulation multiplies this machine's own task durations by the slowdown, so a slower
      // machine reads as a slower phone: the index says which kind of machine the figures come
      // from (Lighthouse's 4× takes a desktop of index 1,500-2,000 to a mid-tier phone).
      `- Lighthouse's benchmark index of this machine (CPU speed, higher is faster): median ${Math.round(median(results.flatMap(({ runs }) => runs.map((run) => run.benchmarkIndex))) || 0)}`,
      // The index does not see what memory costs to map; a page load touches much of it fresh.
      `- fresh memory: ${freshMemoryCost.toFixed(2)} µs a 4 KiB page touched for the first time, before the runs (fresh-memory-cost.ts: each µs is about 10 ms more CPU for the renderer of a load)`,
      `- targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}`,
      "- main thread CPU: the page's main thread's own CPU time over the load, which the machine's load",
      '  does not inflate as it does the wall times Lighthouse simulates from (web/main-thread-cpu.ts);',
      `  ${BLOCKING}: Total Blocking Time's rule applied to that CPU time, ${TRACE_SLOWDOWN === 1 ? 'as DevTools slowed it' : `${CPU_SLOWDOWN}× slowed`}`,
      '',
      `| screen | score | FCP s | LCP s | TBT ms | CLS | Speed Index s | transferred KiB | of it JS KiB | requests | main thread CPU ms | of it ${BLOCKING} ms | on target |`,
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(({ name, runs }) => row(name, runs)),
      '',
      ...(UNTRACED_RUNS > 0 ? untracedSection(results) : []),
      ...(failures.length
        ? ['## Runs that did not finish', '', ...failures.map((failure) => `- ${failure}`), '']
        : []),
      '## Every run',
      '',
      ...results.flatMap(({ name, runs }) =>
        runs.map(
          (run, index) =>
            `- ${name} #${index + 1}: score ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, ${run.transferKiB.toFixed(0)} KiB in ${run.requests} requests, main thread CPU ${Math.round(run.mainThreadCpuMs)} ms (${BLOCKING}: ${Math.round(run.blockingCpuMs)} ms)`,
        ),
      ),
      '',
    ].join('\n');
    const file = path.join(
      import.meta.dirname,
      '..',
      'results',
      `web-${date}${LABEL ? `-${LABEL}` : ''}.md`,
    );
    fs.writeFileSync(file, report);
    console.log(`written ${path.relative(process.cwd(), file)}`);
  } finally {
    await browser.close();
    stopServer();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The untraced loads' table (web/untraced-blocking.ts): medians, then every run. */
function untracedSection(results: { name: string; untraced: UntracedRun[] }[]): string[] {
  return [
    `## Blocking time of loads really slowed, not traced (${UNTRACED_RUNS} a screen)`,
    '',
    `Lighthouse's slow 4G and ${CPU_SLOWDOWN}× CPU slowdown applied by DevTools while the page loads, in a`,
    "fresh browser context, without tracing; the tasks are the browser's Long Tasks, from the first",
    "contentful paint until five quiet seconds (web/untraced-blocking.ts). Lighthouse's simulated TBT",
    "above multiplies a traced load's wall times, which this machine's tracing costs inflate.",
    '',
    '| screen | FCP s | TBT ms | every run (ms) | TBT on target |',
    '|---|---|---|---|---|',
    ...results.map(({ name, untraced }) => {
      if (untraced.length === 0) return `| ${name} | no run finished ||| no |`;
      const tbt = median(untraced.map((run) => run.tbtMs));
      const fcp = median(untraced.map((run) => run.fcpMs));
      const each = untraced.map((run) => Math.round(run.tbtMs)).join(', ');
      return `| ${name} | ${(fcp / 1000).toFixed(1)} | ${Math.round(tbt)} | ${each} | ${tbt <= TARGETS.tbtMs ? 'yes' : 'no'} |`;
    }),
    '',
  ];
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
