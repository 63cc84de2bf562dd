/**
 * `npm run bench:flyer -w @app/bench`: how long the flyer (issue 19) takes the server to make, the
 * target being under a second. Measures the cost of GET /annonce/{id}/flyer.pdf beyond its two small
 * queries and the read of the photo: drawing the PDF with the stored first photo (a 2000 × 1500 JPEG,
 * the largest an upload is stored at, embedded as is) and its QR code; and, apart, the re-encoding
 * a photo that is not a stored JPEG would need. Writes bench/results/flyer-<date>.md. Run on demand, never in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { flyerPhoto, renderFlyer } from '../../apps/server/src/modules/annonces/annonce-flyer';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_MS = 1000;

/** A noisy JPEG: compresses like a photo (worse, in fact), not like a flat colour. */
async function noisyPhoto(width: number, height: number, quality: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let i = 0; i < pixels.length; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (seed >> 16) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  // What lib/images.ts stores for an upload: at most 2000 px, JPEG quality 82.
  const stored = await noisyPhoto(2000, 1500, 82);
  const png = await sharp(await noisyPhoto(2000, 1500, 82)).png().toBuffer();
  const photo: number[] = [];
  const pdf: number[] = [];
  let size = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    await flyerPhoto(png);
    const middle = performance.now();
    const bytes = await renderFlyer({
      annonceId: 123456,
      title: 'Peugeot 208',
      typeName: 'Voiture',
      color: 'Bleu',
      identifier: { label: 'Plaque', value: 'AB-123-**' },
      city: 'Toulouse',
      department: '31',
      date: new Date('2026-11-22T10:00:00Z'),
      reward: 500,
      photo: stored,
      url: 'https://veilleurs.fr/openapp?id=123456',
    });
    const end = performance.now();
    photo.push(middle - start);
    pdf.push(end - middle);
    size = bytes.length;
  }
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `| ${name} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 95).toFixed(0)} | ${sorted.at(-1)!.toFixed(0)} |`;
  };
  const sortedPdf = [...pdf].sort((a, b) => a - b);
  const median = percentile(sortedPdf, 50);
  const worst = sortedPdf.at(-1)!;
  const report = [
    `# Flyer benchmark (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${RUNS} flyers, each with a stored ${(stored.length / 1e6).toFixed(1)} MB 2000 × 1500 JPEG; PDF ${(size / 1024).toFixed(0)} KB.`,
    `Node ${process.version}, ${process.platform}, one process, other work on the machine.`,
    '',
    '| step | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|',
    line('flyer PDF (text, stored JPEG, QR)', pdf),
    line('only for a photo not stored as JPEG: 2000 × 1500 PNG re-encoded', photo),
    '',
    `Target for the flyer, under ${TARGET_MS} ms: median ${median < TARGET_MS ? 'met' : 'NOT met'} (${median.toFixed(0)} ms), ` +
      `worst run ${worst < TARGET_MS ? 'met' : 'NOT met'} (${worst.toFixed(0)} ms).`,
    '',
  ].join('\n');
  const out = path.resolve(
    import.meta.dirname,
    `../results/flyer-${new Date().toISOString().slice(0, 10)}.md`,
  );
  fs.writeFileSync(out, report);
  console.log(report);
}

await main();
