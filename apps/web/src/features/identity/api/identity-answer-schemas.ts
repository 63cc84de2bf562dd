import { offThreadSchema } from '@/lib/off-thread-schema';

/** The identity call the shell makes on every signed-in screen, checked off the main thread. */
export const identityAnswerSchemas = {
  currentUserValidation: offThreadSchema(
    'identity/currentUserValidation',
    async () => (await import('./user-validation-answer.schema')).CurrentUserValidationSchema,
  ),
};
