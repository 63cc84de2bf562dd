import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage';

/** Files in a folder (DATA_DIR/files by default). The content type is kept in a sidecar file. */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  function resolveKey(key: string): string {
    const target = path.resolve(root, key);
    // A key must never climb out of the storage folder ("../../etc/passwd").
    if (!target.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return target;
  }

  return {
    kind: 'local',
    async put(key, content, contentType) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename so that a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, content);
      await fs.writeFile(`${target}.type`, contentType);
      await fs.rename(temporary, target);
    },
    async get(key) {
      const target = resolveKey(key);
      try {
        const [stat, contentType] = await Promise.all([
          fs.stat(target),
          fs.readFile(`${target}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { stream: createReadStream(target), contentType, size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const target = resolveKey(key);
      await fs.rm(target, { force: true });
      await fs.rm(`${target}.type`, { force: true });
    },
    async exists(key) {
      try {
        await fs.access(resolveKey(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
