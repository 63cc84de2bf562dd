import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation, sqlStateOf } from './sql-state';

const answered = (code: string) => Object.assign(new Error('refused'), { code, severity: 'ERROR' });

describe('sqlStateOf', () => {
  it("reads the database's answer on the error or on the one it wraps", () => {
    expect(sqlStateOf(answered('40P01'))).toBe('40P01');
    expect(sqlStateOf(new Error('Failed query', { cause: answered('23505') }))).toBe('23505');
    expect(isUniqueViolation(new Error('Failed query', { cause: answered('23505') }))).toBe(true);
    expect(isForeignKeyViolation(answered('23503'))).toBe(true);
    expect(isUniqueViolation(answered('23503'))).toBe(false);
  });

  it('is null when the database did not answer', () => {
    expect(sqlStateOf(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBeNull();
    expect(sqlStateOf(new Error('Connection terminated unexpectedly'))).toBeNull();
    expect(sqlStateOf(undefined)).toBeNull();
  });
});
