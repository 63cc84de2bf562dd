/**
 * What the server itself saw during a load, from its Prometheus metrics (GET /metrics, readable from
 * this machine), read before and after: its own latency for one route (from the request's first
 * byte to the answer's last, by the histogram's buckets), the event loop's delay, and the garbage
 * collector's pauses. Set against the client's figures, they tell where a slow answer waited: in
 * the server's handling, or before the server read the request (the kernel, the machine's queue).
 */

type Samples = Map<string, number>;

export async function scrapeMetrics(appUrl: string): Promise<Samples> {
  const text = await (await fetch(`${appUrl.replace(/\/$/, '')}/metrics`)).text();
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

function labelsOf(key: string): Record<string, string> {
  const inside = /\{(.*)\}$/.exec(key)?.[1] ?? '';
  return Object.fromEntries(
    [...inside.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
  );
}

/** Counts of one histogram, summed over the other labels, by bucket bound, over the run. */
function bucketsDuring(
  before: Samples,
  after: Samples,
  histogram: string,
  keep: (labels: Record<string, string>) => boolean,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [key, value] of after) {
    if (!key.startsWith(`${histogram}_bucket{`)) continue;
    const labels = labelsOf(key);
    if (!keep(labels)) continue;
    const le = labels.le!;
    counts.set(le, (counts.get(le) ?? 0) + value - (before.get(key) ?? 0));
  }
  return counts;
}

/** One paragraph: the server's share of the wait during the run between `before` and `after`. */
export function serverSideSummary(before: Samples, after: Samples, route: string): string {
  const latency = bucketsDuring(
    before,
    after,
    'http_request_duration_seconds',
    (labels) => labels.route === route,
  );
  const total = latency.get('+Inf') ?? 0;
  const within = (seconds: string) => latency.get(seconds) ?? 0;
  const share = (n: number) => (total > 0 ? `${((n / total) * 100).toFixed(1)} %` : '–');
  const gc = bucketsDuring(before, after, 'nodejs_gc_duration_seconds', () => true);
  const gcTotal = gc.get('+Inf') ?? 0;
  const gcOver10 = gcTotal - (gc.get('0.01') ?? 0);
  const gcSeconds = [...after]
    .filter(([key]) => key.startsWith('nodejs_gc_duration_seconds_sum'))
    .reduce((sum, [key, value]) => sum + value - (before.get(key) ?? 0), 0);
  const lagMax = after.get('nodejs_eventloop_lag_max_seconds') ?? 0;
  const lagP99 = after.get('nodejs_eventloop_lag_p99_seconds') ?? 0;
  return [
    `server side (its own histogram, ${total} requests): ${share(within('0.005'))} within 5 ms,`,
    `${share(within('0.01'))} within 10 ms, ${share(within('0.025'))} within 25 ms,`,
    `${share(total - within('0.05'))} over 50 ms; event loop delay p99 ${(lagP99 * 1000).toFixed(1)} ms,`,
    `worst ${(lagMax * 1000).toFixed(1)} ms (sampled every 10 ms); garbage collection ${gcTotal} pauses,`,
    `${(gcSeconds * 1000).toFixed(0)} ms in all, ${gcOver10} over 10 ms.`,
  ].join(' ');
}
