import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
interface LevelAware extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

/**
 * A request's logger (`request.log`), bound to its request id, that becomes a real pino child only
 * when something is written through it at an enabled level. Fastify makes the child on every
 * request, and pino then serialises the bindings through the redaction pass: a cost each request
 * paid although most write nothing through it (their one line goes through
 * RequestLogController). The lines are the same as the eager child's.
 */
class DeferredRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  #write(level: Level, args: LogArguments) {
    if (this.#child) this.#child[level](...args);
    else if (this.parent.isLevelEnabled(level)) this.#logger()[level](...args);
  }

  get level() {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: LogArguments) {
    this.#write('fatal', args);
  }
  error(...args: LogArguments) {
    this.#write('error', args);
  }
  warn(...args: LogArguments) {
    this.#write('warn', args);
  }
  info(...args: LogArguments) {
    this.#write('info', args);
  }
  debug(...args: LogArguments) {
    this.#write('debug', args);
  }
  trace(...args: LogArguments) {
    this.#write('trace', args);
  }
  silent() {}

  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.#logger().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with its own log level or serialisers, or a logger that
 * cannot say which levels it writes, gets the usual child at once.
 */
export function deferredRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  const levelAware = logger as Partial<LevelAware>;
  if (Object.keys(options).length > 0 || typeof levelAware.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new DeferredRequestLogger(logger as LevelAware, bindings);
}
