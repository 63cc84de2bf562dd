import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOffThreadSchema } from '@/lib/off-thread-schema';
import { answerCheckDeclarations } from './answer-check-declarations';
import { firstScreenAnswerSchemas } from './first-screen-answer-schemas';

const SOURCE = path.resolve(import.meta.dirname, '..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the answer check worker', () => {
  it('serves every off-thread schema the app declares, each key once', () => {
    const declared = sourceFiles(SOURCE).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/offThreadSchema(?:<[^>]*>)?\(\s*'([^']+)'/g)].map(
        (match) => match[1],
      ),
    );
    const served = answerCheckDeclarations.flatMap((declaration) =>
      Object.values(declaration)
        .filter(isOffThreadSchema)
        .map((schema) => schema.offThreadKey),
    );
    expect(declared.length).toBeGreaterThan(10);
    expect(new Set(served).size, 'a key served twice').toBe(served.length);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it("gets ready the schemas of the screen the address opens on, beside the shell's", () => {
    const keys = (hash: string) => firstScreenAnswerSchemas(hash).map((s) => s.offThreadKey);
    const shell = ['accounts/homeInfos', 'identity/currentUserValidation'];
    expect(keys('')).toEqual([...shell, 'discovery/homeData']);
    expect(keys('#/')).toEqual([...shell, 'discovery/homeData']);
    expect(keys('#/search?search=clio')).toEqual([...shell, 'discovery/homeData']);
    expect(keys('#/annonce/show/2')).toEqual([...shell, 'annonces/detail']);
    expect(keys('#/profile')).toEqual(shell);
  });
});
