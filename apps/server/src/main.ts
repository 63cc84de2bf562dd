import { buildApp } from './app';
import { createDependencies } from './bootstrap';
import { loadConfig } from './config';
import { startJobs } from './jobs/index';
import { createLogDestination, flushLogs } from './lib/log-destination';
import { prepareDatabase } from './prepare-database';
import { keepRequestObjectsYoung } from './lib/garbage-collection';

/** `npm start`: migrate, seed, serve, and stop cleanly on SIGTERM/SIGINT. */
async function main() {
  keepRequestObjectsYoung();
  const config = loadConfig(process.env, { startup: true });
  const deps = await createDependencies(config);
  const logDestination = createLogDestination();
  const app = await buildApp(deps, { logDestination });

  await prepareDatabase(deps, app.log);
  // A server at its connection limit (an instance restarting beside its replacement) still lets
  // this one start: its pool then opens the others as requests need them.
  await deps.database.openAllConnections().catch((error: unknown) => {
    app.log.warn({ err: error }, 'not every database connection could be opened at start');
  });
  const jobs = await startJobs({
    config,
    database: deps.database,
    clock: deps.clock,
    log: app.log,
    signingSecret: deps.signingSecret,
  });
  app.observability.watchJobQueue(jobs.boss);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.observability.draining = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    // Fastify's close waits for open requests, then runs onClose hooks.
    const forceExit = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 10 s; exiting anyway');
      process.exit(1);
    }, 10_000).unref();
    try {
      await app.close();
      await jobs.stop();
      await deps.database.close();
      clearTimeout(forceExit);
      app.log.info({ signal }, 'stopped');
      // The log lines wait in a buffer: every one of them is written before the process ends.
      await flushLogs(logDestination);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Veilleurs is running on ${config.publicUrl} (database: ${deps.database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
