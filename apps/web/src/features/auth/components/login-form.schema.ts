import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@app/domain';
import { z } from 'zod';

// The login calls' own rules, with the form's messages: a typo is the server's 401, not ours.
// Checked in the answer check worker (auth-form-schemas.ts).
export const LoginFormSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'field.required.error')
    .max(EMAIL_MAX_LENGTH, 'email.format.error'),
  password: z
    .string()
    .min(1, 'field.required.error')
    .max(PASSWORD_MAX_LENGTH, 'password.too.long.error'),
  rememberMe: z.boolean(),
});
export type LoginFormValues = z.input<typeof LoginFormSchema>;
export type LoginFormOutput = z.output<typeof LoginFormSchema>;
