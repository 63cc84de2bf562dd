import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes one message file in the outbox folder. Names sort by time, so "the latest mail to X" is
 * the last matching file: what the end-to-end tests read the validation code from.
 */
export async function writeOutboxFile(
  outboxDir: string,
  extension: string,
  content: string | Buffer,
) {
  await fs.mkdir(outboxDir, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-');
  const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}${extension}`);
  await fs.writeFile(file, content);
  return file;
}
