/**
 * `npx tsx scripts/generate-web-icons.ts`: draws the home-screen icons of the installable app
 * (apps/web/public/manifest.webmanifest, the iOS apple-touch-icon) from public/favicon.svg with sharp.
 * The PNGs are committed (a few KB each); run again when the logo changes.
 *
 * "any" icons are the rounded logo as it is; "maskable" ones fill the whole square with the logo's
 * background and keep the lantern inside the central 80 % that every launcher mask leaves visible.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const BACKGROUND = '#0f1b2d';
const outDir = path.join(publicDir, 'icons');
fs.mkdirSync(outDir, { recursive: true });

/** The logo's drawing without its rounded background, to place on a full-bleed square. */
function fullBleed(scale: number) {
  const inner = logo
    .replace(/<svg[^>]*>/, '')
    .replace('</svg>', '')
    .replace(/<rect width="64"[^>]*\/>/, '');
  const offset = (64 - 64 * scale) / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BACKGROUND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`,
  );
}

async function png(svg: Buffer, size: number, file: string) {
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, file));
  console.log(`written icons/${file}`);
}

await png(Buffer.from(logo), 192, 'icon-192.png');
await png(Buffer.from(logo), 512, 'icon-512.png');
await png(fullBleed(0.7), 192, 'maskable-192.png');
await png(fullBleed(0.7), 512, 'maskable-512.png');
// iOS draws its own rounded corners on a full square and ignores transparency.
await png(fullBleed(0.86), 180, 'apple-touch-icon.png');
