/**
 * `npm run bench`: starts the real server on a temporary embedded database, measures start-up
 * (migrations, reference seed) and the throughput of the hot reference endpoints with autocannon on
 * loopback, and writes the results to bench/results/<date>.json. Run on demand, never in CI.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { createDependencies } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { seedReferenceData } from '../apps/server/src/seed/reference/seed-reference-data';

const REQUESTS_PER_ENDPOINT = 3000;
const CONNECTIONS = 10;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false' });
  const deps = await createDependencies(config);
  const app = await buildApp(deps, { logger: false });

  const timings: Record<string, number> = {};
  let started = performance.now();
  await deps.database.migrate();
  timings.migrateMs = Math.round(performance.now() - started);
  started = performance.now();
  await seedReferenceData(deps.database.db, { referenceDataDir: config.REFERENCE_DATA_DIR, log: app.log });
  timings.firstReferenceSeedMs = Math.round(performance.now() - started);
  started = performance.now();
  await seedReferenceData(deps.database.db, { referenceDataDir: config.REFERENCE_DATA_DIR, log: app.log });
  timings.repeatedReferenceSeedMs = Math.round(performance.now() - started);

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await deps.accessTokens.sign({ userId: 1, username: 'bench@example.test', roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
  const endpoints: { name: string; method: 'GET' | 'POST'; path: string }[] = [
    { name: 'health', method: 'GET', path: '/health' },
    { name: 'vehicle types', method: 'GET', path: '/vehicleType/getAllActivated' },
    { name: 'departments', method: 'GET', path: '/apiMobile/getAllDepartments' },
    { name: 'car brands', method: 'POST', path: '/brand/getAllActivatedByVehicleType/1' },
  ];

  const results = [];
  for (const endpoint of endpoints) {
    const result = await autocannon({
      url: `${address}${endpoint.path}`,
      method: endpoint.method,
      connections: CONNECTIONS,
      amount: REQUESTS_PER_ENDPOINT,
      headers: { authorization: `Bearer ${token}` },
    });
    results.push({
      endpoint: `${endpoint.method} ${endpoint.path}`,
      name: endpoint.name,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
    console.log(`${endpoint.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
  }

  await app.close();
  await deps.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    database: deps.database.kind,
    timings,
    heapUsedMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    endpoints: results,
  };
  const file = path.join(import.meta.dirname, 'results', `${report.date.slice(0, 10)}-${deps.database.kind}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
