import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { checkAnswer, prepareAnswerCheck } from './answer-check';
import { afterFirstScreenIdle } from './first-screen';
import type { OffThreadSchema } from './off-thread-schema';

/** The part of a zod issue a form shows: where, which rule, which message key. */
interface FormIssue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
}

function isFormIssueList(value: unknown): value is FormIssue[] {
  return (
    Array.isArray(value) &&
    value.every(
      (issue: Partial<FormIssue> | null) =>
        Array.isArray(issue?.path) &&
        typeof issue.code === 'string' &&
        typeof issue.message === 'string',
    )
  );
}

/** Zod's issues, whether the worker sent its list or the page's own check gave a ZodError. */
function formIssues(issues: unknown): FormIssue[] {
  const list: unknown =
    typeof issues === 'object' && issues !== null && 'issues' in issues ? issues.issues : issues;
  if (!isFormIssueList(list)) throw new Error('The form check gave no issues', { cause: issues });
  return list;
}

/**
 * A form's resolver whose zod schema runs in the answer check worker (lib/answer-check), for the
 * forms of a screen that must not evaluate zod on its main thread: the login screen's, where zod
 * and the account schemas were one task of 130 ms on the bench machine (500 ms at a phone's
 * speed) right when a person starts typing (issue 17). The values travel as JSON, so only forms
 * of plain values (text, numbers, booleans) may use it. The schema gets ready in the worker once
 * the first screen is shown; without a worker the page checks the form itself, as before.
 * Errors have the shape zodResolver gives them: the first issue of each field, its code as type.
 */
export function offThreadResolver<Values extends FieldValues, Output>(
  schema: OffThreadSchema<Output>,
): Resolver<Values, unknown, Output> {
  void afterFirstScreenIdle().then(() => prepareAnswerCheck(schema));
  return async (values, _context, options) => {
    const checked = await checkAnswer(schema, JSON.stringify(values), true);
    if (checked.ok) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: checked.data, errors: {} };
    }
    const errors: Record<string, FieldError> = Object.create(null) as Record<string, FieldError>;
    for (const { path, code, message } of formIssues(checked.issues)) {
      const field = path.map(String).join('.');
      errors[field] ??= { message, type: code };
    }
    return { values: {}, errors: toNestErrors<Values>(errors, options) };
  };
}
