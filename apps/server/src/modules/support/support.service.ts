import type { FastifyBaseLogger } from 'fastify';
import { FEEDBACK_TYPES, SUPPORT_MESSAGES_PER_HOUR, type FeedbackType } from '@app/domain';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { forwardBugReport } from './bug-report-forwarding';
import { countFeedbackSince, findSender, insertFeedback } from './support.repository';

export interface FeedbackInput {
  feedbackType: FeedbackType;
  content: string;
  eventId?: string | undefined;
  page?: string | undefined;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Support form and bug report (docs/product/accounts.md §2, §7): stored first, then mailed to the support
 * address; a bug report (it names the screen or the error event) is also forwarded to the
 * error-reporting service and the chat webhook when they are configured.
 */
export function createSupportService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  supportEmail: string;
  sentryDsn: string | undefined;
  webhookUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const { db, clock, mailer, supportEmail, log } = deps;

  return {
    async send(userId: number, input: FeedbackInput): Promise<{ sent: true }> {
      const now = clock.now();
      const sender = await findSender(db, userId);
      if (!sender) throw notFound();
      // Each message becomes a mail to the team: a runaway client must not flood the mailbox.
      if (
        (await countFeedbackSince(db, userId, new Date(now.getTime() - HOUR_MS))) >=
        SUPPORT_MESSAGES_PER_HOUR
      ) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      const isBugReport = Boolean(input.eventId || input.page);
      const eventId = input.eventId || null;
      const page = input.page || null;
      const id = await insertFeedback(db, {
        userId,
        kind: isBugReport ? 'BUG_REPORT' : 'SUPPORT',
        feedbackType: input.feedbackType,
        content: input.content,
        eventId,
        page,
        createdAt: now,
      });

      const name = `${sender.firstname} ${sender.lastname}`;
      const typeLabel =
        FEEDBACK_TYPES.find((type) => type.value === input.feedbackType)?.fr ?? input.feedbackType;
      const subject = isBugReport
        ? `[Bug n° ${id}] signalé par ${sender.username}`
        : `[Support n° ${id}] ${typeLabel} de ${sender.username}`;
      const text = [
        `De : ${name} <${sender.username}> (compte n° ${userId})`,
        `Type : ${typeLabel}`,
        page ? `Écran : ${page}` : null,
        eventId ? `Événement d'erreur : ${eventId}` : null,
        '',
        input.content,
      ]
        .filter((line) => line !== null)
        .join('\n');
      try {
        await mailer.send({ to: supportEmail, subject, text });
      } catch (error) {
        // Stored above: the team still finds it; the user is not asked to type it again.
        log.error({ err: error, feedbackId: id }, 'support mail not sent');
      }

      if (isBugReport) {
        await forwardBugReport(
          { sentryDsn: deps.sentryDsn, webhookUrl: deps.webhookUrl },
          { name, email: sender.username, comments: input.content, eventId, page },
          log,
        );
      }
      return { sent: true };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
