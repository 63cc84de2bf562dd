import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './session';

/** A PNG of the given size in one colour, built here so that the journeys need no fixture files. */
export function makePng(width = 64, height = 48, rgb: [number, number, number] = [40, 90, 160]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => rgb).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF, as small as a reader accepts. */
export function makePdf(text = 'Depot de plainte') {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
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

const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTVWXYZ';
const pick = (alphabet: string) => alphabet[Math.floor(Math.random() * alphabet.length)]!;

/** A new-format plate nobody else used in this run (O, U and I never appear). */
export function randomPlate() {
  const letters = () => pick(PLATE_LETTERS) + pick(PLATE_LETTERS);
  const digits = String(Math.floor(Math.random() * 900) + 100);
  return `${letters()}-${digits}-${letters()}`;
}

/** 12 letters and digits: a Bicycode. */
export function randomBicycode() {
  return Array.from({ length: 12 }, () => pick('ABCDEFGHJKLMNPRSTVWXYZ0123456789')).join('');
}

export const screenshotPath = (project: string, name: string) =>
  `/tmp/annonces-${project}-${name}.png`;

/** A bearer token of the demo account, for setting up data through the API. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { ...DEMO_ACCOUNT, rememberMe: false } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A draft saved at the vehicle type step, as the wizard's first Next does. */
export async function createDraft(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/annonce/checkStepBeforeSave', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      annonce: JSON.stringify({ vehicleType: 1 }),
      isDraft: 'true',
      isFastAnnonce: 'true',
      currentStep: '1',
    },
  });
  if (!res.ok()) throw new Error(`draft not saved: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Picks the theft town from the autocomplete. */
export async function chooseTown(page: Page, query: string, option: RegExp) {
  await page.getByLabel('Ville', { exact: true }).fill(query);
  await page.getByRole('button', { name: option }).first().click();
}
