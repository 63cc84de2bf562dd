import v8 from 'node:v8';

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
 * the systemd unit, the benchmarks) runs alike; V8 reads the flag as it collects, so setting it
 * at run time works (checked with `--trace-gc`).
 */
export function keepRequestObjectsYoung(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
