import type { FieldValues, Resolver } from 'react-hook-form';
import { afterFirstScreenIdle } from './first-screen';

/**
 * A form's resolver whose code (zod and its schema) is not part of the screen's first load (issue
 * 17): fetched once the first screen is shown and the main thread idle (or when the form is first
 * checked, if that comes first), and waited for only if the form is sent before it has arrived.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
): Resolver<Values, Context, Output> {
  let loading: Promise<Resolver<Values, Context, Output>> | null = null;
  const resolver = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  void afterFirstScreenIdle()
    .then(resolver)
    .catch(() => undefined);
  return async (values, context, options) => (await resolver())(values, context, options);
}
