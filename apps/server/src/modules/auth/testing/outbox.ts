import fs from 'node:fs/promises';
import path from 'node:path';

/** A mail of the outbox as a reader sees it. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxSms {
  file: string;
  to: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}

/** Decodes "=?UTF-8?Q?…?=" and "=?UTF-8?B?…?=" words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  return { headers: parseHeaders(head), body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text/plain and text/html parts of a (possibly multipart) entity. */
function collectParts(raw: string, found: { text: string; html: string }) {
  const { headers, body } = splitEntity(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), found);
    }
  } else if (contentType.toLowerCase().startsWith('text/html')) {
    found.html = decodeBody(headers, body);
  } else if (contentType.toLowerCase().startsWith('text/plain')) {
    found.text = decodeBody(headers, body);
  }
}

export async function readMail(file: string): Promise<OutboxMail> {
  const raw = await fs.readFile(file, 'utf8');
  const { headers } = splitEntity(raw);
  const found = { text: '', html: '' };
  collectParts(raw, found);
  return {
    file,
    to: headers.to ?? '',
    subject: decodeHeader(headers.subject ?? ''),
    text: found.text,
    html: found.html,
  };
}

/**
 * Reads the outbox folder the way a user reads their inbox: `take…` returns the one message that
 * arrived for an address since the previous take, and fails when there is none or several.
 */
export function createOutboxReader(outboxDir: string) {
  const seen = new Set<string>();

  async function unseen(extension: string): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(outboxDir);
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith(extension) && !seen.has(name))
      .sort()
      .map((name) => path.join(outboxDir, name));
  }

  return {
    /** Every new mail to the address (marked as read). */
    async newMailsTo(address: string): Promise<OutboxMail[]> {
      const mails: OutboxMail[] = [];
      for (const file of await unseen('.eml')) {
        const mail = await readMail(file);
        if (mail.to.toLowerCase().includes(address.toLowerCase())) {
          seen.add(path.basename(file));
          mails.push(mail);
        }
      }
      return mails;
    },
    async takeMailTo(address: string): Promise<OutboxMail> {
      const mails = await this.newMailsTo(address);
      if (mails.length !== 1)
        throw new Error(`expected 1 new mail to ${address}, found ${mails.length}`);
      return mails[0]!;
    },
    async newSmsTo(phoneNumber: string): Promise<OutboxSms[]> {
      const messages: OutboxSms[] = [];
      for (const file of await unseen('.sms.txt')) {
        const raw = await fs.readFile(file, 'utf8');
        const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
        if (to === phoneNumber) {
          seen.add(path.basename(file));
          messages.push({ file, to, text: raw.split(/\n\n/).slice(1).join('\n\n').trim() });
        }
      }
      return messages;
    },
    async takeSmsTo(phoneNumber: string): Promise<OutboxSms> {
      const messages = await this.newSmsTo(phoneNumber);
      if (messages.length !== 1) {
        throw new Error(`expected 1 new SMS to ${phoneNumber}, found ${messages.length}`);
      }
      return messages[0]!;
    },
  };
}

export type OutboxReader = ReturnType<typeof createOutboxReader>;

/** The 4-digit code of an SMS text. */
export function codeIn(text: string): string {
  const code = /(?<!\d)(\d{4})(?!\d)/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** The code block of a validation mail (its own indented line in the text part). */
export function mailCode(mail: OutboxMail): string {
  const code = /^ {4}(\d{4})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}
