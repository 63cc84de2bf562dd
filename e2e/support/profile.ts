import { randomInt, randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { mailCode, newestMail } from './outbox';
import { signIn } from './session';

/** localStorage key of the sign-up reason (apps/web/src/lib/storage.ts). */
const SIGN_UP_REASON_KEY = 'veilleurs.signUpReason';

export interface NewAccount {
  username: string;
  password: string;
}

/**
 * A brand-new validated account, through the real calls: sign-up, then the code of the mail in the
 * outbox. Its first connection is still due and its identity not sent.
 */
export async function createValidatedAccount(
  request: APIRequestContext,
  reason: 'AnnonceCreate' | 'Home',
): Promise<NewAccount> {
  const username = `e2e-profile-${randomUUID().slice(0, 10)}@example.test`;
  const password = 'Lanterne2026';
  const signUp = await request.post('/register/signUpPublic', {
    form: {
      username,
      password,
      firstname: 'Inès',
      lastname: 'Garnier',
      birthday: '1988-06-15',
      // 0612…: a range of French mobile numbers that always exists.
      phoneNumber: `0612${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      countryCode: 'FR',
      department: '31',
      reason,
      acceptedTerms: 'true',
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const code = mailCode(await newestMail(username));
  const validated = await request.post('/authentication/validateAccountCode', {
    form: { code, username },
  });
  if (!validated.ok()) throw new Error(`validation failed: ${validated.status()}`);
  return { username, password };
}

/** Signs in as the login screen would: session stored, and the sign-up reason it keeps. */
export async function signInNewAccount(
  page: Page,
  request: APIRequestContext,
  account: NewAccount,
  reason: 'AnnonceCreate' | 'Home',
) {
  await signIn(page, request, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SIGN_UP_REASON_KEY,
    reason,
  ] as const);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG image (a plain coloured rectangle), built byte by byte. */
export function pngFixture(width = 48, height = 32, rgb: [number, number, number] = [40, 90, 160]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a line of text. */
export function pdfFixture(text = 'Document de test'): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Where the screenshots of these journeys go, to be looked at. */
export function screenshotPath(project: string, name: string): string {
  return `${process.env.E2E_SCREENSHOT_DIR ?? '/tmp/e2e-shots'}/${project}-${name}.png`;
}
