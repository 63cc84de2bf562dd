import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptSources } from './inline-scripts';

const dirs: string[] = [];
function built(page: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-inline-scripts-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('inlineScriptSources', () => {
  it('allows each inline script of the built page by the hash of its exact text, nothing else', () => {
    const boot = '(function(){document.documentElement.setAttribute("data-x","")})();\n';
    const dir = built(
      `<html><head><script>${boot}</script><script type="module" src="/assets/main.js"></script></head><body><script></script></body></html>`,
    );
    const hash = createHash('sha256').update(boot).digest('base64');
    expect(inlineScriptSources(dir)).toEqual([`'sha256-${hash}'`]);
  });

  it('allows nothing when there is no build', () => {
    expect(inlineScriptSources(path.join(os.tmpdir(), 'veilleurs-no-build'))).toEqual([]);
  });
});
