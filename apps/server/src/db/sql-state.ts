/**
 * The SQLSTATE PostgreSQL answered with, on the error or on one it wraps (drizzle wraps the
 * driver's), or null when the database did not answer (a lost connection, a bug in our code).
 * Both drivers (node-postgres, PGlite) give the server's answer its `code` and `severity`; a
 * system error's `code` ("EPIPE") comes without a severity.
 */
export function sqlStateOf(error: unknown): string | null {
  for (
    let current = error;
    current instanceof Object;
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return code;
  }
  return null;
}

/** A unique constraint refused the row. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';

/** A foreign key refused the row: what it points to is gone. */
export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';
