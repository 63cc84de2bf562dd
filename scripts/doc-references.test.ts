import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs cite documents a newcomer can open: every `docs/….md` named in the code exists,
 * and nothing cites the founders' working notes outside the repository.
 */
const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.startsWith('reference-data/') && fs.existsSync(path.join(root, file)));

describe('documents cited in the code', () => {
  it('exist in the repository', () => {
    const missing = new Set<string>();
    for (const file of tracked) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [cited] of text.matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
        if (!fs.existsSync(path.join(root, cited))) missing.add(`${file} → ${cited}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('never point outside the repository (../shared, DECISIONS.md, a bare spec file name)', () => {
    const outside: string[] = [];
    for (const file of tracked) {
      if (file === 'scripts/doc-references.test.ts') continue;
      const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (
          /\.\.\/shared\/(spec|DECISIONS)/.test(line) ||
          /(?<![\w/.-])DECISIONS\.md/.test(line) ||
          /(?<![\w/.-])(accounts|annonces|discovery)\.md/.test(line)
        ) {
          if (!file.startsWith('docs/product/')) outside.push(`${file}:${index + 1}`);
        }
      });
    }
    expect(outside).toEqual([]);
  });
});
