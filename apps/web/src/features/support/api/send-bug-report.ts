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
 * A bug report goes to the error-reporting service as user feedback tied to the last event
 * (accounts.md §7) and, for a signed-in user, to the team through the support mail with the event
 * id and the screen, so it reaches someone even where error reporting is off.
 */
export async function sendBugReport({ comment }: BugReportInput): Promise<void> {
  sendErrorReportingFeedback({ message: comment });
  if (!getSession()) {
    if (isErrorReportingActive()) return;
    throw new Error('A bug report needs a session or error reporting');
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
