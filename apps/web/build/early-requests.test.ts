import { describe, expect, it } from 'vitest';
import { withEarlyRequests } from './early-requests';

/** index.html's head as Vite writes it, with the early login's script in. */
const BUILT = `<head>
    <title>Veilleurs</title>
    <script>earlyLogin()</script>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/api-client-3.js">
    <link rel="stylesheet" crossorigin href="/assets/main-4.css">
  </head>`;

describe('the module preloads after the early requests', () => {
  it('leave the markup for a script right after the early requests’, which adds them in order', () => {
    const page = withEarlyRequests(BUILT, 'earlyRequests()');
    expect(page).not.toContain('rel="modulepreload"');
    const scripts = [...page.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, body]) => body,
    );
    expect(scripts[0]).toBe('earlyRequests()');
    expect(scripts[2]).toBe('earlyLogin()');
    // The entry is still asked from its tag, the stylesheet from its link.
    expect(page).toContain('<script type="module" crossorigin src="/assets/main-1.js"></script>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/main-4.css">');

    // Run as the browser runs it: the links it adds are the ones taken out, as module preloads
    // with the same CORS mode as the entry's script, so that the browser uses what they fetched.
    const added: Record<string, string>[] = [];
    const document = {
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (link: Record<string, string>) => added.push(link) },
    };
    new Function('document', scripts[1]!)(document);
    expect(added).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/react-2.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/api-client-3.js' },
    ]);
  });

  it('adds only the early requests to a page without preloads', () => {
    const bare = BUILT.replace(/\n\s*<link rel="modulepreload"[^>]*>/g, '');
    expect(withEarlyRequests(bare, 'earlyRequests()')).toBe(
      bare.replace('</title>', '</title>\n    <script>earlyRequests()</script>'),
    );
  });
});
