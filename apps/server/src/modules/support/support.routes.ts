import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_TYPE_VALUES,
  PROFILE_MESSAGE_KEYS as K,
  multilineText,
  SUPPORT_CONTENT_MAX_LENGTH,
} from '@app/domain';
import { assertAcceptableText } from '../../plugins/input-text';
import { invalidField } from '../../lib/app-error';
import type { SupportService } from './support.service';

/** Text fields are checked in the service so that a missing content is a 403 naming it (spec §5). */
const FeedbackBodySchema = z.object({
  feedbackType: z
    .union([z.literal('').transform(() => DEFAULT_FEEDBACK_TYPE), z.enum(FEEDBACK_TYPE_VALUES)], {
      error: 'field.invalid.error',
    })
    .default(DEFAULT_FEEDBACK_TYPE),
  content: multilineText({ error: K.supportContentRequired })
    .trim()
    .min(1, K.supportContentRequired)
    .max(SUPPORT_CONTENT_MAX_LENGTH, K.supportContentTooLong),
  eventId: z.string().trim().max(64).optional(),
  page: z.string().trim().max(500).optional(),
});

/** The first problem as the spec's 403 with invalidField and the schema's message key. */
function parseFeedback(body: unknown) {
  assertAcceptableText(body, FeedbackBodySchema);
  const result = FeedbackBodySchema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidField(
    issue?.path.map(String).join('.') || 'content',
    issue?.message ?? K.supportContentRequired,
  );
}

const supportRoutes: FastifyPluginAsyncZod<{ service: SupportService }> = async (
  app,
  { service },
) => {
  app.post(
    '/user/sendFeedbackMail',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['support'],
        summary: 'Send a support message or a bug report (with eventId and page) to the team',
        description:
          'Form or JSON: feedbackType (FEEDBACK_USER, QUESTION, OTHER), content, optional eventId ' +
          'and page. 403 invalidField content when empty; 429 after 10 messages in an hour.',
        body: z.record(z.string(), z.unknown()).optional(),
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => service.send(request.currentUser!.userId, parseFeedback(request.body)),
  );
};

export default supportRoutes;
