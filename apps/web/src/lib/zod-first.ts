/**
 * Loads a module that builds zod schemas in two steps: zod itself, then the module. Each import is
 * evaluated in a task of its own, so a phone's main thread gets a breath between zod's own code
 * and the schemas it builds, instead of one task of both (200-400 ms at 4x CPU on the login,
 * issue 17).
 */
export async function zodFirst<T>(load: () => Promise<T>): Promise<T> {
  await import('zod');
  return load();
}
