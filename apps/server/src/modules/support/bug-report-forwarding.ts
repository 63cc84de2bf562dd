import type { FastifyBaseLogger } from 'fastify';

export interface BugReport {
  name: string;
  email: string;
  comments: string;
  eventId: string | null;
  page: string | null;
}

/** Outside services wait at most this long; the report is already stored and mailed. */
const FORWARD_TIMEOUT_MS = 5000;

/**
 * The error-reporting service's user feedback for an event (docs/product/accounts.md §7 "Bug report"), sent as
 * a `user_report` envelope item authenticated by the DSN's public key. Needs an event id.
 */
export async function forwardToErrorReporting(dsn: string, report: BugReport): Promise<void> {
  if (!report.eventId) return;
  const parsed = new URL(dsn);
  const projectId = parsed.pathname.replace(/^\/+/, '').split('/').pop();
  if (!projectId || !parsed.username) throw new Error('DSN without key or project');
  const pathPrefix = parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/'));
  const endpoint = `${parsed.protocol}//${parsed.host}${pathPrefix}/api/${projectId}/envelope/`;
  const body = [
    JSON.stringify({ event_id: report.eventId }),
    JSON.stringify({ type: 'user_report' }),
    JSON.stringify({
      event_id: report.eventId,
      name: report.name,
      email: report.email,
      comments: report.comments,
    }),
  ].join('\n');
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-sentry-envelope',
      'X-Sentry-Auth': `Sentry sentry_version=7, sentry_key=${parsed.username}, sentry_client=veilleurs-server/1.0`,
    },
    body,
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`error reporting answered ${response.status}`);
}

/** A chat service's incoming webhook: a form-encoded `payload` holding {text} (spec §7). */
export async function forwardToChatWebhook(url: string, report: BugReport): Promise<void> {
  const lines = [
    `:beetle: Bug signalé par ${report.name} (${report.email})`,
    report.page ? `Écran : ${report.page}` : null,
    report.eventId ? `Événement : ${report.eventId}` : null,
    '',
    report.comments,
  ].filter((line) => line !== null);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payload: JSON.stringify({ text: lines.join('\n') }) }).toString(),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`chat webhook answered ${response.status}`);
}

/** Sends to whichever outside service is configured; a failure is logged, never shown. */
export async function forwardBugReport(
  targets: { sentryDsn?: string | undefined; webhookUrl?: string | undefined },
  report: BugReport,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const jobs: Promise<void>[] = [];
  if (targets.sentryDsn) jobs.push(forwardToErrorReporting(targets.sentryDsn, report));
  if (targets.webhookUrl) jobs.push(forwardToChatWebhook(targets.webhookUrl, report));
  const results = await Promise.allSettled(jobs);
  for (const result of results) {
    if (result.status === 'rejected') log.warn({ err: result.reason }, 'bug report not forwarded');
  }
}
