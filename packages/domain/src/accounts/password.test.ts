import { describe, expect, it } from 'vitest';
import { isStrongPassword, PasswordSchema } from './password';

describe('password rule', () => {
  it.each([
    ['abcdefg1', true],
    ['1234567a', true],
    ['Émile2024', true],
    ['  abcd1  ', false],
    ['abcdefgh', false],
    ['12345678', false],
    ['abc1', false],
    ['', false],
    [`a1${'x'.repeat(126)}`, true],
    [`a1${'x'.repeat(127)}`, false],
  ])('%j → %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it('names the problem with a message key', () => {
    const issue = (value: unknown) => PasswordSchema.safeParse(value).error?.issues[0]?.message;
    expect(issue(undefined)).toBe('field.required.error');
    expect(issue('')).toBe('field.required.error');
    expect(issue('abcdefgh')).toBe('password.weak.error');
    expect(issue('a1'.repeat(65))).toBe('password.too.long.error');
  });
});
