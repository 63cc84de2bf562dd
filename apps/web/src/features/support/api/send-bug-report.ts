import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  getLastEventId,
  isErrorReportingActive,
  sendErrorReportingFeedback,
} from '@/lib/error-reporting';
import { getSession } from '@/lib/session';

export interface BugReportInput {
  comment: string;
}

/**
 * A signed-in user's bug report goes to the server, which stores it, mails the team and forwards it
 * to the error-reporting service and the chat webhook when they are configured (docs/product/accounts.md §7):
 * one path, so a report never arrives twice. A guest cannot reach that endpoint, so theirs goes
 * straight to the error-reporting service as feedback tied to the last event, when it is active.
 */
export async function sendBugReport({ comment }: BugReportInput): Promise<void> {
  if (!getSession()) {
    if (!isErrorReportingActive()) throw new Error('A bug report needs a session or error reporting');
    sendErrorReportingFeedback({ message: comment });
    return;
  }
  await api.post('/user/sendFeedbackMail', {
    form: {
      feedbackType: 'OTHER',
      content: comment,
      eventId: getLastEventId(),
      page: window.location.hash || '#/',
    },
    silent: true,
  });
}

export function useSendBugReport(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: sendBugReport, ...options });
}
