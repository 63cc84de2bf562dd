import type { ResolverOptions } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeAnswerCheckWorker } from '@/testing/fake-answer-check-worker';
import { setAnswerCheckWorker } from './answer-check';
import { offThreadResolver } from './off-thread-resolver';
import { offThreadSchema } from './off-thread-schema';

const SignInSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, 'field.required.error'),
  password: z.string().min(1, 'field.required.error').max(8, 'password.too.long.error'),
  address: z.object({ city: z.string().min(1, 'city.required.error') }),
});
type Values = z.input<typeof SignInSchema>;
type Output = z.output<typeof SignInSchema>;

const OPTIONS: ResolverOptions<Values> = {
  fields: {},
  names: ['username', 'password', 'address.city'],
  shouldUseNativeValidation: false,
};

afterEach(() => {
  setAnswerCheckWorker(null);
});

/** The schema as a form declares it; `load` is the page's own fetch of its code. */
const signInSchema = (load = async () => SignInSchema) => offThreadSchema('test/signIn', load);

/** The answer check worker, serving the same schema under the same key. */
function startWorker() {
  const started = fakeAnswerCheckWorker([{ signIn: signInSchema() }]);
  setAnswerCheckWorker(() => started.worker);
  return started;
}

const check = (values: Values) =>
  offThreadResolver<Values, Output>(signInSchema())(values, undefined, OPTIONS);

describe('a form checked off the main thread', () => {
  it('sends its values to the worker and gets the schema’s output back', async () => {
    const pageLoad = vi.fn(async () => SignInSchema);
    const { requests } = startWorker();
    const resolve = offThreadResolver<Values, Output>(signInSchema(pageLoad));
    const values = { username: '  Ana@Example.FR ', password: 'secret', address: { city: 'Lyon' } };
    await expect(resolve(values, undefined, OPTIONS)).resolves.toEqual({
      values: { username: 'ana@example.fr', password: 'secret', address: { city: 'Lyon' } },
      errors: {},
    });
    expect(requests).toContainEqual({
      id: expect.any(Number),
      key: 'test/signIn',
      text: JSON.stringify(values),
      isJson: true,
    });
    // zod stayed in the worker.
    expect(pageLoad).not.toHaveBeenCalled();
  });

  it('gives each wrong field its first message, nested as the form names it', async () => {
    startWorker();
    const result = await check({ username: ' ', password: '123456789', address: { city: '' } });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      username: { message: 'field.required.error', type: 'too_small', ref: undefined },
      password: { message: 'password.too.long.error', type: 'too_big', ref: undefined },
      address: { city: { message: 'city.required.error', type: 'too_small', ref: undefined } },
    });
  });

  it('is checked on the page, with the same errors, where there is no worker', async () => {
    const wrong = await check({ username: '', password: 'ok', address: { city: 'Lyon' } });
    expect(wrong.errors).toEqual({
      username: { message: 'field.required.error', type: 'too_small', ref: undefined },
    });
    const right = await check({ username: 'A@b.fr', password: 'ok', address: { city: 'Lyon' } });
    expect(right).toEqual({
      values: { username: 'a@b.fr', password: 'ok', address: { city: 'Lyon' } },
      errors: {},
    });
  });
});
