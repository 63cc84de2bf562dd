/** A rendered mail: subject, plain text (what every client can show) and simple HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type MailLocale = 'fr' | 'en';

/** French unless the user chose English (docs/product/accounts.md §1: French by default). */
export function mailLocale(locale: string | null | undefined): MailLocale {
  return locale === 'en' ? 'en' : 'fr';
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One block of the mail body: a paragraph, a big code, or a button-like link. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'link'; label: string; url: string };

/**
 * Renders blocks as plain text and as HTML with inline styles only (mail clients drop style
 * sheets). Every value is escaped: names come from users.
 */
export function renderMail(subject: string, blocks: MailBlock[], footer: string): MailContent {
  const text = [
    ...blocks.map((block) => {
      if (block.kind === 'paragraph') return block.text;
      if (block.kind === 'code') return `    ${block.code}`;
      return `${block.label}\n${block.url}`;
    }),
    '--',
    footer,
  ].join('\n\n');

  const htmlBlocks = blocks.map((block) => {
    if (block.kind === 'paragraph')
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    if (block.kind === 'code') {
      return (
        '<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;' +
        `font-family:monospace">${escapeHtml(block.code)}</p>`
      );
    }
    const url = escapeHtml(block.url);
    return (
      `<p style="margin:0 0 16px"><a href="${url}" style="display:inline-block;padding:12px 20px;` +
      `background:#1d3557;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#555555;word-break:break-all">${url}</p>`
    );
  });

  const html =
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f4f4f4;' +
    'font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">' +
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">' +
    '<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1d3557">Veilleurs</p>' +
    htmlBlocks.join('') +
    `<p style="margin:24px 0 0;font-size:12px;color:#777777">${escapeHtml(footer)}</p>` +
    '</div></body></html>';

  return { subject, text, html };
}
