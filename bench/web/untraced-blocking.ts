/**
 * Total Blocking Time as the page lives it, not as Lighthouse simulates it (issue 17). Lighthouse
 * traces an unslowed load and multiplies each task's wall duration by its CPU slowdown. On the
 * bench machines that wall time is mostly not the page's work: reading a clock is a system call
 * there (kvm-clock, the TSC marked unstable), Lighthouse's tracing reads clocks for every event
 * and records a JavaScript stack for every style and layout invalidation, and each system call
 * is a moment where one of the many threads sharing the 2 cores takes the CPU. A long task's wall
 * time was 3 to 4 times its thread's CPU time (bench/results/web-2026-12-02-s28.md), and the
 * simulation multiplied all of it.
 *
 * Here the page loads really slowed, as a phone would see it: Lighthouse's own slow 4G (its
 * DevTools figures) and CPU slowdown applied by DevTools, its phone's screen and user agent, a
 * fresh browser context (empty cache, no service worker), and no tracing. The browser's own Long
 * Tasks API gives the tasks; Total Blocking Time's rule is applied from the first contentful
 * paint until the page has been quiet for five seconds (Lighthouse's quiet window for TTI).
 */
import {
  screenEmulationMetrics,
  throttling,
  userAgents,
} from 'lighthouse/core/config/constants.js';
import type { Browser, Page } from 'puppeteer-core';

/** No long task for this long and the load is over (Lighthouse's quiet window for TTI). */
const QUIET_MS = 5_000;
/** A page never quiet is measured up to this long after its load. */
const MAX_WAIT_MS = 30_000;
/** The part of a task beyond this blocks (Total Blocking Time's rule). */
const BLOCKING_THRESHOLD_MS = 50;
/** Where the page keeps what its observer saw; read back once the load is over. */
const GLOBAL = '__benchLongTasks';

export interface UntracedRun {
  fcpMs: number;
  tbtMs: number;
  /** Long tasks after the first contentful paint. */
  longTasks: number;
}

export interface UntracedLoad {
  origin: string;
  /** The screen's address, from the origin (e.g. "#/search"). */
  hash: string;
  /** localStorage entries to put in place before the load (the session); null removes one. */
  storage: Record<string, string | null>;
  cpuSlowdown: number;
}

interface PageRecord {
  tasks: [start: number, duration: number][];
  fcp: number | null;
  now: number;
  loaded: number;
}

/**
 * Puts localStorage entries (null removes one) in place for the app's origin, from robots.txt: same
 * origin, none of the app.
 */
export async function putInStorage(
  page: Page,
  origin: string,
  entries: Record<string, string | null>,
) {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((toPut) => {
    for (const [key, value] of Object.entries(toPut)) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    }
  }, entries);
}

function totalBlockingTime(tasks: [number, number][], fcpMs: number): number {
  let blocking = 0;
  for (const [start, duration] of tasks) {
    const afterFcp = start + duration - Math.max(start, fcpMs);
    if (afterFcp > BLOCKING_THRESHOLD_MS) blocking += afterFcp - BLOCKING_THRESHOLD_MS;
  }
  return blocking;
}

export async function untracedBlocking(browser: Browser, load: UntracedLoad): Promise<UntracedRun> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const screen = screenEmulationMetrics.mobile;
    await page.setViewport({
      width: screen.width,
      height: screen.height,
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    await page.setUserAgent(userAgents.mobile);
    await putInStorage(page, load.origin, load.storage);
    await page.evaluateOnNewDocument((name) => {
      const record = { tasks: [] as [number, number][] };
      Object.assign(window, { [name]: record });
      new PerformanceObserver((list) => {
        for (const task of list.getEntries()) record.tasks.push([task.startTime, task.duration]);
      }).observe({ type: 'longtask', buffered: true });
    }, GLOBAL);
    const slow4g = throttling.mobileSlow4G;
    await page.emulateNetworkConditions({
      latency: slow4g.requestLatencyMs,
      download: (slow4g.downloadThroughputKbps * 1024) / 8,
      upload: (slow4g.uploadThroughputKbps * 1024) / 8,
    });
    await page.emulateCPUThrottling(load.cpuSlowdown);
    await page.goto(`${load.origin}/${load.hash}`, { waitUntil: 'load', timeout: 120_000 });
    const read = () =>
      page.evaluate((name): PageRecord => {
        const record = (window as unknown as Record<string, { tasks: [number, number][] }>)[name];
        const navigation = performance.getEntriesByType('navigation')[0] as
          PerformanceNavigationTiming | undefined;
        return {
          tasks: record?.tasks ?? [],
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          now: performance.now(),
          loaded: navigation?.loadEventEnd ?? performance.now(),
        };
      }, GLOBAL);
    let record = await read();
    for (;;) {
      const lastEnd = Math.max(
        record.loaded,
        ...record.tasks.map(([start, duration]) => start + duration),
      );
      if (record.now - lastEnd >= QUIET_MS || record.now - record.loaded >= MAX_WAIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      record = await read();
    }
    if (record.fcp === null) throw new Error(`no first contentful paint on ${load.hash}`);
    const fcp = record.fcp;
    return {
      fcpMs: fcp,
      tbtMs: totalBlockingTime(record.tasks, fcp),
      longTasks: record.tasks.filter(([start, duration]) => start + duration > fcp).length,
    };
  } finally {
    await context.close();
  }
}
