import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The Content-Security-Policy sources of the built page's inline scripts (issue 17): the early
 * login's boot script is inline in index.html, so that deciding what the first paint shows costs no
 * request; the policy allows it by its hash, and no other inline script. Read once at start-up from
 * the build the server serves (apps/web/build/early-login.ts writes it).
 */
export function inlineScriptSources(distDir: string): string[] {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return [];
  const page = fs.readFileSync(index, 'utf8');
  const sources: string[] = [];
  for (const [, attributes = '', body = ''] of page.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    if (/\bsrc=/.test(attributes) || body.trim() === '') continue;
    sources.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return sources;
}
