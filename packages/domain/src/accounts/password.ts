import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account.constants';
import { ACCOUNT_MESSAGE_KEYS as K } from './message-keys';

const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{Nd}/u;

/**
 * The password rule (docs/product/accounts.md §5): at least 8 characters once surrounding spaces are ignored,
 * with a letter and a digit. The same rule applies at sign-up and at reset ("only one way"). The
 * password itself is kept as typed, spaces included.
 */
export const PasswordSchema = z
  .string({ error: (issue) => (issue.input == null ? K.fieldRequired : K.passwordWeak) })
  .min(1, K.fieldRequired)
  .max(PASSWORD_MAX_LENGTH, K.passwordTooLong)
  .refine((value) => value.trim().length >= PASSWORD_MIN_LENGTH, K.passwordWeak)
  .refine((value) => HAS_LETTER.test(value) && HAS_DIGIT.test(value), K.passwordWeak);

/** True when the password follows the rule. */
export function isStrongPassword(password: string): boolean {
  return PasswordSchema.safeParse(password).success;
}
