/**
 * `npm run bench:http -w @app/bench`: what the request pipeline (logs, metrics, security headers,
 * hooks) costs the cheapest endpoint. In the same run it starts a bare Fastify "hello" and the real
 * compiled server (node apps/server/dist/main.js, production-like: JSON logs at info to a file, as a
 * journal would get them), and runs autocannon against GET / of the first and GET /client-config of
 * the second, alternately. The figure is the ratio of their requests per second (target ≥ 0.5): the
 * machine is shared, so absolute numbers move with its load. Adds a section to
 * bench/results/http-<date>.md (BENCH_LABEL names it); ports: BENCH_HELLO_PORT, BENCH_APP_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { serverCommand } from '../references';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DIR = path.join(ROOT, 'apps/server');
const CONNECTIONS = 32;
const SECONDS = 8;
const ROUNDS = 2;
const TARGET = 0.5;
const HELLO_PORT = Number(process.env.BENCH_HELLO_PORT ?? 3471);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3472);

const HELLO_SOURCE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${HELLO_PORT}, host: '127.0.0.1' });
`;

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 1500; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function measure(
  url: string,
): Promise<{ requests: number; perSecond: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-http-'));
  const logFile = path.join(dataDir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  const hello = spawn(process.execPath, ['--input-type=module', '-e', HELLO_SOURCE], {
    cwd: SERVER_DIR,
    stdio: 'ignore',
  });
  // Compiled and started as production runs it (references.ts).
  const app = spawn(...serverCommand(), {
    cwd: SERVER_DIR,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
  });
  try {
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`, hello);
    await waitFor(`http://127.0.0.1:${APP_PORT}/health`, app);
    const loadBefore = os.loadavg()[0]!;
    // A short warm-up of each (JIT, caches), not counted.
    await autocannon({
      url: `http://127.0.0.1:${HELLO_PORT}/`,
      connections: CONNECTIONS,
      duration: 2,
    });
    await autocannon({
      url: `http://127.0.0.1:${APP_PORT}/client-config`,
      connections: CONNECTIONS,
      duration: 2,
    });
    const rows: { round: number; hello: number; app: number; ratio: number; errors: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bare = await measure(`http://127.0.0.1:${HELLO_PORT}/`);
      const real = await measure(`http://127.0.0.1:${APP_PORT}/client-config`);
      rows.push({
        round,
        hello: bare.perSecond,
        app: real.perSecond,
        ratio: real.perSecond / bare.perSecond,
        errors: bare.errors + real.errors,
      });
    }
    const loadAfter = os.loadavg()[0]!;
    // What one answer weighs on the wire (the headers are most of it).
    const probe = await fetch(`http://127.0.0.1:${APP_PORT}/client-config`);
    const sample = {
      headerBytes: [...probe.headers].reduce(
        (sum, [name, value]) => sum + name.length + value.length + 4,
        0,
      ),
      bodyBytes: (await probe.text()).length,
    };
    const helloTotal = rows.reduce((sum, row) => sum + row.hello, 0);
    const appTotal = rows.reduce((sum, row) => sum + row.app, 0);
    const ratio = appTotal / helloTotal;
    // Counted once the server stopped: its last lines wait in the log buffer until it exits.
    await stop(app);
    const logLines = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const time = now.toISOString().slice(11, 16);
    const header = [
      `# Request pipeline cost (${date})`,
      '',
      `GET /client-config of the real server (compiled, PGlite, JSON logs at info to a file) against a`,
      `bare Fastify "hello" (GET /), same run, autocannon ${CONNECTIONS} connections, ${SECONDS} s each,`,
      `${ROUNDS} alternating rounds, loopback. Target: real / bare ≥ ${TARGET}. Each run adds a section`,
      'below; the machine is shared, so each says its load.',
      '',
    ].join('\n');
    const section = [
      `## Run of ${time} UTC${process.env.BENCH_LABEL ? ` (${process.env.BENCH_LABEL})` : ''}`,
      '',
      `- machine: ${os.cpus().length} cores, shared; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      `- answer of /client-config: ${sample.headerBytes} bytes of headers, ${sample.bodyBytes} of body`,
      '',
      '| round | bare hello req/s | /client-config req/s | ratio | errors |',
      '|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.round} | ${Math.round(row.hello)} | ${Math.round(row.app)} | ${row.ratio.toFixed(2)} | ${row.errors} |`,
      ),
      '',
      `**Ratio over the run: ${ratio.toFixed(2)}** (${ratio >= TARGET ? 'meets' : 'below'} the target).`,
      `The server wrote ${logLines} log lines during the run (warm-up included).`,
      '',
    ].join('\n');
    // Earlier runs of the day stay: each run is one more section.
    const out = path.join(ROOT, 'bench/results', `http-${date}.md`);
    if (!fs.existsSync(out)) fs.writeFileSync(out, header);
    fs.appendFileSync(out, `\n${section}`);
    process.stdout.write(`${section}\nadded to ${path.relative(ROOT, out)}\n`);
  } finally {
    hello.kill('SIGTERM');
    await stop(app);
    fs.closeSync(logFd);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
