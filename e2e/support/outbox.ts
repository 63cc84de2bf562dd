import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * Reads the mails (.eml) and text messages (.sms.txt) the e2e server writes in
 * $E2E_DATA_DIR/outbox. File names sort by time, so the newest message to an address is the last
 * matching file.
 */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return path.join(dataDir, 'outbox');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(soft[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text of a raw mail: every part, quoted-printable and base64 undone. */
function decodeMail(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const separator = part.search(/\r?\n\r?\n/);
      const head = separator === -1 ? '' : part.slice(0, separator);
      const body = separator === -1 ? part : part.slice(separator).trimStart();
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return decodeQuotedPrintable(body);
      if (/content-transfer-encoding:\s*base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

async function newestMatching(extension: string, to: string, after: string | null) {
  let names: string[];
  try {
    names = (await fs.readdir(outboxDir())).filter((name) => name.endsWith(extension)).sort();
  } catch {
    return null;
  }
  for (const name of names.reverse()) {
    if (after && name <= after) return null;
    const raw = await fs.readFile(path.join(outboxDir(), name), 'utf8');
    const header = raw.slice(0, raw.search(/\r?\n\r?\n/));
    const recipient = /^To:\s*(.*)$/im.exec(header)?.[1] ?? '';
    if (recipient.toLowerCase().includes(to.toLowerCase())) return { name, raw };
  }
  return null;
}

export interface OutboxMessage {
  /** The file name: later messages have greater names. */
  name: string;
  text: string;
}

/**
 * The newest mail to `address`, waiting for it to arrive; with `after` (a previous message's
 * name), only a newer one will do.
 */
export async function newestMail(address: string, after?: OutboxMessage): Promise<OutboxMessage> {
  let found: { name: string; raw: string } | null = null;
  await expect
    .poll(async () => (found = await newestMatching('.eml', address, after?.name ?? null)), {
      message: `a mail to ${address}`,
      timeout: 15_000,
    })
    .not.toBeNull();
  const mail = found as unknown as { name: string; raw: string };
  return { name: mail.name, text: decodeMail(mail.raw) };
}

/** The newest text message to an E.164 number. */
export async function newestSms(
  phoneNumber: string,
  after?: OutboxMessage,
): Promise<OutboxMessage> {
  let found: { name: string; raw: string } | null = null;
  await expect
    .poll(
      async () => (found = await newestMatching('.sms.txt', phoneNumber, after?.name ?? null)),
      {
        message: `a text message to ${phoneNumber}`,
        timeout: 15_000,
      },
    )
    .not.toBeNull();
  const sms = found as unknown as { name: string; raw: string };
  return { name: sms.name, text: sms.raw };
}

/** The 4-digit code of a validation mail (its own indented line in the text part). */
export function mailCode(message: OutboxMessage): string {
  const code = /^ {4}(\d{4})\s*$/m.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in mail:\n${message.text}`);
  return code;
}

/** The 4-digit code of a text message. */
export function smsCode(message: OutboxMessage): string {
  const body = message.text.split(/\n\n/).slice(1).join('\n\n');
  const code = /(?<!\d)(\d{4})(?!\d)/.exec(body)?.[1];
  if (!code) throw new Error(`no code in text message:\n${message.text}`);
  return code;
}

/** The password-reset link of a mail, as a path the app's baseURL can open ("/#/login/…"). */
export function resetLinkIn(message: OutboxMessage): string {
  const url = /https?:\/\/[^\s"<>]+#\/login\/resetPassword\/[^\s"<>]+/.exec(message.text)?.[0];
  if (!url) throw new Error(`no reset link in:\n${message.text}`);
  const parsed = new URL(url);
  return `/${parsed.hash}`;
}
