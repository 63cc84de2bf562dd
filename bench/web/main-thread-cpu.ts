/**
 * The page's main thread, measured in CPU time rather than wall time (issue 17). Lighthouse's
 * simulated Total Blocking Time multiplies each task's wall duration by its CPU slowdown; on the
 * bench machine (2 cores shared by Chromium's processes, the server and Lighthouse itself) a task's
 * wall time is often twice the CPU time the main thread got, so the simulated figures swing by a
 * second between runs of the same build. The thread's own CPU time (the trace's `tdur`) does not:
 * it says how much work the page gave its main thread, whatever else the machine was doing.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadCpu {
  /** CPU time of the main thread's tasks, in ms. */
  cpuMs: number;
  /**
   * The tasks' CPU time, slowed as Lighthouse slows the CPU (`cpuSlowdown`, 1 where the trace was
   * already slowed), beyond 50 ms each: Total Blocking Time's rule applied to CPU time, over the
   * whole load (not only after the first paint).
   */
  blockingCpuMs: number;
}

const LONG_TASK_MS = 50;

export function mainThreadCpu(
  trace: { traceEvents: TraceEvent[] },
  cpuSlowdown: number,
): MainThreadCpu {
  const events = trace.traceEvents;
  const mainThreads = events.filter(
    (event) =>
      event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  // The page's renderer is the one whose main thread ran the most (other renderers: a blank tab).
  let cpuMs = 0;
  let blockingCpuMs = 0;
  for (const thread of mainThreads) {
    let threadCpu = 0;
    let threadBlocking = 0;
    for (const event of events) {
      if (event.pid !== thread.pid || event.tid !== thread.tid || event.name !== 'RunTask')
        continue;
      const taskCpuMs = (event.tdur ?? 0) / 1000;
      threadCpu += taskCpuMs;
      threadBlocking += Math.max(0, taskCpuMs * cpuSlowdown - LONG_TASK_MS);
    }
    if (threadCpu > cpuMs) {
      cpuMs = threadCpu;
      blockingCpuMs = threadBlocking;
    }
  }
  return { cpuMs, blockingCpuMs };
}
