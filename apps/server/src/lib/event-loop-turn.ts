/**
 * Lets the event loop run (I/O, timers, the requests that arrived) before going on: long work
 * off the request path (a search index rebuild, the alert fan-out's recipients) is cut into
 * pieces this way, so that a request waits for one piece, not for the whole.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
