import pino from 'pino';

/** Written once this much is waiting, or at the latest after FLUSH_EVERY_MS. */
const BUFFER_CHARACTERS = 32_768;
const FLUSH_EVERY_MS = 1000;

/**
 * Where the JSON log lines go: stdout, in batches. Lines wait in an array and go to sonic-boom
 * (pino's own destination) joined, about 32 KB at a time (some 200 request lines). sonic-boom's own
 * buffering (`minLength`) was tried first: it appends each line to one growing string and measures
 * that string's UTF-8 length again on every line, which cost more than the write system call it
 * saves. Each batch is written synchronously, as pino's default destination does: an asynchronous
 * write goes through libuv's thread pool, and cost three to four times the CPU of the write itself
 * (bench/results/http-2026-11-25.md).
 */
export class LogDestination {
  readonly #output: ReturnType<typeof pino.destination>;
  #lines: string[] = [];
  #waiting = 0;

  constructor(fd = 1) {
    // Nothing is left waiting in sonic-boom: each batch is written by the time write() returns.
    this.#output = pino.destination({ dest: fd, sync: true });
    setInterval(() => this.#release(), FLUSH_EVERY_MS).unref();
    // Whatever ends the process (process.exit, a crash), what waits is written on the way out.
    process.on('exit', () => this.flushSync());
  }

  /** pino calls this with one line (its newline included). */
  write(line: string): boolean {
    this.#lines.push(line);
    this.#waiting += line.length;
    if (this.#waiting >= BUFFER_CHARACTERS) this.#release();
    return true;
  }

  #release() {
    if (this.#lines.length === 0) return;
    const batch = this.#lines.join('');
    this.#lines = [];
    this.#waiting = 0;
    this.#output.write(batch);
  }

  /** Resolves once every line written so far has reached the file descriptor. */
  flush(): Promise<void> {
    this.#release();
    return new Promise((resolve) => {
      // The callback's error is fsync's: a pipe or a socket (journald) cannot be synced, and the
      // lines were written all the same.
      this.#output.flush(() => resolve());
    });
  }

  /** Writes everything now, synchronously: for the exit path only. */
  flushSync() {
    this.#release();
    try {
      this.#output.flushSync();
    } catch {
      // Not open yet, or already closed: nothing of ours is waiting in it then.
    }
  }
}

/** The log lines of the app and of its requests (stdout unless told otherwise). */
export function createLogDestination(fd = 1): LogDestination {
  return new LogDestination(fd);
}

/** Resolves once every line written so far has reached the file descriptor. */
export function flushLogs(destination: LogDestination): Promise<void> {
  return destination.flush();
}
