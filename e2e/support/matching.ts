import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';

/** The file Chromium's fake camera plays (--use-file-for-fake-video-capture). */
export const FAKE_CAMERA_FILE = '/tmp/veilleurs-e2e-plate.y4m';
export const FAKE_CAMERA_SIZE = { width: 640, height: 480 };

/** A bearer token for any user id, signed with the e2e server's secret (set-up calls only). */
async function tokenFor(userId: number): Promise<string> {
  const secret = new TextEncoder().encode(process.env.E2E_AUTH_SECRET);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ username: `user-${userId}@demo.test`, roles: ['ROLE_INDIVIDUAL_CONFIRMED'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer('veilleurs')
    .setAudience('veilleurs-api')
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(secret);
}

export interface WantedVehicle {
  annonceId: number;
  /** As written on the car: "AB-123-CD". */
  plate: string;
  title: string;
}

/**
 * A VALIDATED demo announcement with a new-format plate, read as its owner (the demo owners are
 * the users created right after the demo account). Each call finds one still VALIDATED, so the
 * mobile and desktop runs report different vehicles.
 */
export async function findWantedVehicle(request: APIRequestContext): Promise<WantedVehicle> {
  for (let userId = 2; userId <= 20; userId += 1) {
    const headers = { Authorization: `Bearer ${await tokenFor(userId)}` };
    const mine = await request.get('/annonce/getMyAnnonce', { headers });
    if (!mine.ok()) continue;
    const { validated } = (await mine.json()) as { validated: { id: number }[] };
    for (const card of validated) {
      const res = await request.get(`/annonce/${card.id}`, { headers });
      if (!res.ok()) continue;
      const detail = (await res.json()) as {
        annonceName: string;
        status: { value: string };
        vehicle: { licensePlate: string | null };
      };
      const plate = detail.vehicle.licensePlate;
      if (
        detail.status.value === 'VALIDATED' &&
        plate &&
        /^[A-Z]{2}-?\d{3}-?[A-Z]{2}$/.test(plate)
      ) {
        const compact = plate.replace(/-/g, '');
        return {
          annonceId: card.id,
          plate: `${compact.slice(0, 2)}-${compact.slice(2, 5)}-${compact.slice(5)}`,
          title: detail.annonceName,
        };
      }
    }
  }
  throw new Error('no VALIDATED demo announcement with a new-format plate');
}

/**
 * Draws a French plate (white, black letters, the blue "F" band) in a blank page's canvas and
 * writes it as a one-frame YUV4MPEG2 (I420) file, which the fake camera plays in a loop.
 */
export async function writePlateVideo(page: Page, plate: string, file = FAKE_CAMERA_FILE) {
  await page.setContent('<canvas id="c"></canvas>');
  const base64 = await page.evaluate(
    ({ plate, width, height }) => {
      const canvas = document.getElementById('c') as HTMLCanvasElement;
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#6b7280';
      ctx.fillRect(0, 0, width, height);
      const plateBox = { x: 40, y: 170, w: 560, h: 140 };
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(plateBox.x, plateBox.y, plateBox.w, plateBox.h);
      ctx.fillStyle = '#1d4ed8';
      ctx.fillRect(plateBox.x, plateBox.y, 50, plateBox.h);
      ctx.fillStyle = '#ffffff';
      ctx.font = 'bold 34px DejaVu Sans, sans-serif';
      ctx.fillText('F', plateBox.x + 14, plateBox.y + plateBox.h - 20);
      ctx.fillStyle = '#000000';
      ctx.font = 'bold 60px DejaVu Sans Condensed, sans-serif';
      ctx.textBaseline = 'middle';
      ctx.fillText(plate, plateBox.x + 70, plateBox.y + plateBox.h / 2 + 4);
      const { data } = ctx.getImageData(0, 0, width, height);
      const ySize = width * height;
      const out = new Uint8Array(ySize * 1.5);
      for (let i = 0; i < ySize; i += 1) {
        const r = data[i * 4]!;
        const g = data[i * 4 + 1]!;
        const b = data[i * 4 + 2]!;
        out[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      }
      const cw = width / 2;
      for (let y = 0; y < height / 2; y += 1) {
        for (let x = 0; x < cw; x += 1) {
          const p = (y * 2 * width + x * 2) * 4;
          const r = data[p]!;
          const g = data[p + 1]!;
          const b = data[p + 2]!;
          out[ySize + y * cw + x] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
          out[ySize + ySize / 4 + y * cw + x] = Math.round(
            128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
          );
        }
      }
      let binary = '';
      for (let i = 0; i < out.length; i += 1) binary += String.fromCharCode(out[i]!);
      return btoa(binary);
    },
    { plate, ...FAKE_CAMERA_SIZE },
  );
  const header = `YUV4MPEG2 W${FAKE_CAMERA_SIZE.width} H${FAKE_CAMERA_SIZE.height} F10:1 Ip A1:1 C420jpeg\n`;
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), Buffer.from(base64, 'base64')]),
  );
}
