import pino from 'pino';

/** Where the JSON log lines go: stdout, through a buffer (see createLogDestination). */
export type LogDestination = ReturnType<typeof pino.destination>;

/** Written once this much is waiting, or at the latest after FLUSH_EVERY_MS. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * The log lines of the app and of its requests, written to `fd` (stdout) asynchronously in
 * batches of about 4 KB instead of one write system call per line: under load that call cost more
 * than the rest of the cheapest request (bench/results/http-*.md). A quiet instance's line waits
 * at most a second. Nothing is lost when the process ends: `flushLogs` before a planned exit, and
 * pino writes what is left synchronously on any other exit (a crash, process.exit).
 */
export function createLogDestination(fd = 1): LogDestination {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: BUFFER_BYTES,
    periodicFlush: FLUSH_EVERY_MS,
  });
}

/** Resolves once every line written so far has reached the file descriptor. */
export function flushLogs(destination: LogDestination): Promise<void> {
  return new Promise((resolve) => {
    // The callback's error is fsync's: a pipe or a socket (journald) cannot be synced, and the
    // lines were written all the same.
    destination.flush(() => resolve());
  });
}
