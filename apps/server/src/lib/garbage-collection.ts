import v8 from 'node:v8';

/**
 * V8 settings that must be given on the server's command line: V8 reads them only as the process
 * starts (set later, the memory reducer is already running). They are in the systemd unit's
 * ExecStart, in `start:prod` and in the benchmarks' `serverCommand`; garbage-collection.test.ts
 * holds the first two to this list.
 *
 * `--no-memory-reducer`: when the allocation rate drops (a quiet minute after busy ones), V8's
 * memory reducer compacts the whole heap to give memory back. With pretenuring off (below) the
 * old generation is seldom collected under load, and that compaction paused the identifier
 * check's server 92–102 ms as its load fell to 200 checks a second, against 16 ms at worst
 * without the reducer (bench/results/matches-2026-12-05-notes.md, session 51). A server keeps
 * the memory it took at its busiest instead: a few hundred megabytes beside the search index's
 * gigabyte.
 */
export const COMMAND_LINE_GC_FLAGS = ['--no-memory-reducer'] as const;

/**
 * Turns off V8's allocation-site pretenuring for this process, before it serves anything.
 *
 * V8 watches where objects are made and, when most of those made at one place are still alive at a
 * young-generation collection, makes that place's later objects straight in the old generation.
 * Under load a request's objects are alive when a collection comes (32 requests in flight), so V8
 * switched about seventy places over (`--trace-pretenuring-statistics`, a server started and given
 * a minute of searches): the old generation filled at 35 MB a second and was compacted every 0.7 s,
 * 6–28 ms each, with marking steps of up to 16 ms between requests. Without it, no old-generation
 * collection in 15 s of searches, young ones of 1–2 ms instead of 4–7, a fifth less server CPU a
 * search and its p95 at 32 connections 8–13 ms instead of 14–18
 * (bench/results/discovery-2026-12-05-notes.md, session 51).
 *
 * Set from the code, not the command line, so that every way of starting the server (npm start,
 * the systemd unit, the benchmarks) runs alike; V8 reads this flag as it collects, so setting it
 * at run time works (checked with `--trace-gc`).
 */
export function keepRequestObjectsYoung(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
