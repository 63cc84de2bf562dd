import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal';

describe('arrayLiteral', () => {
  it('writes numbers bare, texts quoted and escaped, null as NULL, booleans and dates', () => {
    expect(arrayLiteral([1, 2.5])).toBe('{1,2.5}');
    expect(arrayLiteral(['AB123CD', 'say "hi"', 'back\\slash', 'NULL'])).toBe(
      '{"AB123CD","say \\"hi\\"","back\\\\slash","NULL"}',
    );
    expect(arrayLiteral([null, true, false])).toBe('{NULL,t,f}');
    expect(arrayLiteral([new Date('2026-12-03T10:00:00.000Z')])).toBe(
      '{"2026-12-03T10:00:00.000Z"}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });
});
