import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnacceptableText, idSchema, isAcceptableText, multilineText } from './input';

describe('the text rule', () => {
  it('refuses control characters and lone surrogates in a single-line text', () => {
    for (const value of [
      'a\u0000b',
      'a\u0001',
      '\u001b[31m',
      'a\u007f',
      'a\u0085',
      'a\nb',
      'a\tb',
      '\ud800',
    ]) {
      expect(isAcceptableText(value), JSON.stringify(value)).toBe(false);
    }
    for (const value of ['', 'Émile Zola', '👩🏽‍🔧 vélo', 'AB-123-CD', '\u202etext']) {
      expect(isAcceptableText(value), value).toBe(true);
    }
  });

  it('keeps tab and line breaks in a multi-line text, and nothing else', () => {
    expect(isAcceptableText('Bonjour,\r\n\tmerci', { multiline: true })).toBe(true);
    expect(isAcceptableText('a\u0000', { multiline: true })).toBe(false);
    expect(isAcceptableText('a\u000b', { multiline: true })).toBe(false);
  });

  it('finds the field that breaks it, using the schema to know which texts are multi-line', () => {
    const schema = z.object({
      name: z.string(),
      comment: multilineText().trim().max(10).optional(),
      tags: z.array(z.string()),
    });
    expect(findUnacceptableText({ name: 'a', comment: 'x\ny', tags: ['b'] }, schema)).toBeNull();
    expect(findUnacceptableText({ name: 'a\nb' }, schema)).toBe('name');
    expect(findUnacceptableText({ name: 'a', tags: ['ok', 'x\u0000'] }, schema)).toBe('tags.1');
    expect(findUnacceptableText({ 'k\u0000': 1 }, schema)).toBe('k\u0000');
    // Without a schema a value is read by the route itself: only the multi-line rule applies.
    expect(findUnacceptableText({ free: 'a\nb' })).toBeNull();
    expect(findUnacceptableText({ free: { deep: ['a\u0000'] } })).toBe('free.deep.0');
  });

  it('answers the same for a schema met again, whatever keys came before', () => {
    // The walk of a route's schema is kept from one request to the next (issue 20); a flood of
    // made-up keys must neither change an answer nor be kept.
    const schema = z.object({
      name: z.string(),
      comment: multilineText().optional(),
      extra: z.record(z.string(), z.string()),
    });
    const flood = Object.fromEntries(
      Array.from({ length: 500 }, (_, index) => [`made-up-${index}`, 'a\nb']),
    );
    for (let round = 0; round < 3; round += 1) {
      expect(findUnacceptableText({ name: 'a', comment: 'x\ny' }, schema)).toBeNull();
      expect(findUnacceptableText({ name: 'a\nb' }, schema)).toBe('name');
      expect(findUnacceptableText({ extra: { free: 'a\nb' } }, schema)).toBe('extra.free');
      // Keys the schema does not name: their strings are read by the route, multi-line allowed.
      expect(findUnacceptableText(flood, schema)).toBeNull();
      expect(findUnacceptableText({ ...flood, name: 'x\u0000' }, schema)).toBe('name');
    }
    // Made-up keys share their children: the first one met ("constructor" here) decides nothing.
    const open = z.object({ name: z.string() }).catchall(z.string());
    expect(findUnacceptableText({ constructor: 'a' }, open)).toBeNull();
    expect(findUnacceptableText({ other: 'a\nb' }, open)).toBe('other');
    expect(findUnacceptableText({ constructor: 'a\nb' }, open)).toBe('constructor');
  });

  it('walks deeply nested input without exhausting the stack', () => {
    let value: unknown = 'x\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(findUnacceptableText(value)).toBe(Array(100_000).fill('0').join('.'));
  });
});

describe('idSchema', () => {
  it('takes a positive integer, or the same in decimal digits', () => {
    expect(idSchema.parse(12)).toBe(12);
    expect(idSchema.parse('12')).toBe(12);
    expect(idSchema.parse(2_147_483_647)).toBe(2_147_483_647);
  });

  it('refuses booleans, floats, zero, negatives, huge numbers and other spellings', () => {
    for (const value of [
      true,
      false,
      1.5,
      0,
      -1,
      2 ** 31,
      '0',
      '01',
      '1e3',
      ' 1',
      '0x1',
      '1.0',
      '',
      null,
      [1],
      {},
    ]) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
