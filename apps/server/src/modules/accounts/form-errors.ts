import type { z } from 'zod';
import { ACCOUNT_MESSAGE_KEYS as K } from '@app/domain';
import { invalidField } from '../../lib/app-error';

const KNOWN_KEYS = new Set<string>(Object.values(K));

/**
 * Applies a domain schema to a form and turns its first issue into the spec's "403 with
 * invalidField" (docs/product/accounts.md §5): the web app shows the message key under that field.
 */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'form';
  const messageKey = issue && KNOWN_KEYS.has(issue.message) ? issue.message : K.fieldInvalid;
  throw invalidField(field, messageKey);
}
