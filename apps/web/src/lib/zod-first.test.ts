import { describe, expect, it, vi } from 'vitest';

const order: string[] = [];

vi.mock('zod', async (importOriginal) => {
  order.push('zod');
  return importOriginal();
});

/**
 * The lazy schemas and resolvers load zod before the module that builds schemas with it, so that
 * each is evaluated in a task of its own (issue 17).
 */
describe('zodFirst', () => {
  it('has zod evaluated before the schema module is asked', async () => {
    const { zodFirst } = await import('./zod-first');
    const loaded = await zodFirst(async () => {
      order.push('schema');
      return 'the schema';
    });
    expect(loaded).toBe('the schema');
    expect(order).toEqual(['zod', 'schema']);
  });
});
