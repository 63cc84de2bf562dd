import { buffer } from 'node:stream/consumers';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { COLORS, FRANCE_TIME_ZONE, maskIdentifier } from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import { PHOTO_CONTENT_TYPE } from '../../lib/images';
import type { Db } from '../../db/database';
import {
  annoncePhotos,
  annonces,
  brands,
  models,
  storedFiles,
  vehicleTypes,
} from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { annonceTitle } from './annonce-card.presenter';
import type { CurrentUser } from './annonce-access';

/** Statuses with a public page the QR code can lead to (docs/decisions.md issue 19). */
const FLYER_STATUSES = new Set(['VALIDATED']);

export const FLYER_MESSAGE_KEYS = {
  notOnline: 'annonce.flyer.notOnline',
} as const;

/** What goes on the poster: only what the public detail page already shows to anyone signed in. */
export interface FlyerContent {
  annonceId: number;
  title: string;
  typeName: string | null;
  color: string | null;
  /** The plate (or a bike's marking) with its last two characters hidden, and its label. */
  identifier: { label: string; value: string } | null;
  city: string | null;
  department: string | null;
  date: Date;
  reward: number;
  photo: Buffer | null;
  url: string;
}

/**
 * The printable A4 flyer of an announcement (issue 19): photo, vehicle, masked plate, town and
 * date, the reward, and a QR code to its public address (/openapp?id=N). Never the owner's name,
 * the street address, the full identifiers or the documents. Who may download it: the owner, and
 * anyone signed in, only while the announcement is VALIDATED (docs/decisions.md).
 */
export function createAnnonceFlyerService(deps: {
  db: Db;
  storage: FileStorage;
  publicUrl: string;
  log: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, storage, publicUrl, log } = deps;

  async function load(user: CurrentUser, annonceId: number): Promise<FlyerContent> {
    const [row] = await db
      .select({
        id: annonces.id,
        ownerId: annonces.ownerId,
        status: annonces.status,
        licensePlate: annonces.licensePlate,
        bicycode: annonces.bicycode,
        color: annonces.color,
        city: annonces.theftCity,
        department: annonces.theftDepartmentCode,
        reward: annonces.additionalRewardAmount,
        publishedAt: annonces.publishedAt,
        createdAt: annonces.createdAt,
        brand: brands.name,
        model: models.name,
        typeName: vehicleTypes.nameFr,
      })
      .from(annonces)
      .leftJoin(brands, eq(brands.id, annonces.brandId))
      .leftJoin(models, eq(models.id, annonces.modelId))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
      .where(eq(annonces.id, annonceId))
      .limit(1);
    if (!row || row.status === 'DELETED') throw notFound();
    const isMine = row.ownerId === user.userId;
    if (!FLYER_STATUSES.has(row.status)) {
      // Someone else's unpublished announcement does not exist for them (annonce-access.ts).
      if (!isMine) throw notFound();
      throw new AppError('FORBIDDEN', { messageKey: FLYER_MESSAGE_KEYS.notOnline });
    }

    const color = COLORS.find((item) => item.value === row.color && item.value !== 'UNDEFINED');
    const plate = maskIdentifier(row.licensePlate);
    const bicycode = maskIdentifier(row.bicycode);
    return {
      annonceId: row.id,
      title: annonceTitle(row.brand, row.model, row.typeName) || 'Véhicule',
      typeName: row.typeName,
      color: color?.fr ?? null,
      identifier: plate
        ? { label: 'Plaque', value: plate }
        : bicycode
          ? { label: 'Marquage vélo', value: bicycode }
          : null,
      city: row.city,
      department: row.department,
      date: row.publishedAt ?? row.createdAt,
      reward: Number(row.reward),
      photo: await firstPhoto(row.id),
      url: `${publicUrl}/openapp?id=${row.id}`,
    };
  }

  /**
   * The first photo as stored: uploads are already upright JPEGs of at most 2000 px without
   * metadata (lib/images.ts), which the PDF embeds as they are, with no decoding (the flyer's
   * speed, bench/flyer). Anything else is re-encoded; an unreadable photo gives a flyer without it.
   */
  async function firstPhoto(annonceId: number): Promise<Buffer | null> {
    const [photo] = await db
      .select({ storageKey: storedFiles.storageKey, mimeType: storedFiles.mimeType })
      .from(annoncePhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, annoncePhotos.fileId))
      .where(eq(annoncePhotos.annonceId, annonceId))
      .orderBy(asc(annoncePhotos.position))
      .limit(1);
    if (!photo) return null;
    const object = await storage.get(photo.storageKey);
    if (!object) return null;
    const bytes = await buffer(object.stream);
    if (photo.mimeType === PHOTO_CONTENT_TYPE && isJpeg(bytes)) return bytes;
    try {
      return await flyerPhoto(bytes);
    } catch (error) {
      log.warn({ err: error, annonceId }, 'flyer photo unreadable');
      return null;
    }
  }

  return {
    async flyer(user: CurrentUser, annonceId: number): Promise<Buffer> {
      return renderFlyer(await load(user, annonceId));
    },
  };
}

export type AnnonceFlyerService = ReturnType<typeof createAnnonceFlyerService>;

const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** A photo that is not a stored JPEG, as the flyer embeds it: upright, at most 1200 × 900, JPEG. */
export function flyerPhoto(original: Buffer): Promise<Buffer> {
  return sharp(original)
    .rotate()
    .resize({ width: 1200, height: 900, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RED = rgb(0.75, 0.1, 0.12);
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.35, 0.35, 0.4);

/** Latin letters that do not decompose into a base letter and an accent. */
const PLAIN_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };

/**
 * Only the characters the standard PDF fonts can draw: accents they have are kept, other accented
 * letters lose their accent, the rest (emoji, other scripts, control characters) is dropped.
 */
function drawable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  return (text: string) => {
    let out = '';
    for (const char of text.normalize('NFC')) {
      const code = char.codePointAt(0)!;
      if (known.has(code)) out += char;
      else {
        const bare = PLAIN_LETTERS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
        if (bare && [...bare].every((c) => known.has(c.codePointAt(0)!))) out += bare;
      }
    }
    return out.replace(/\s+/g, ' ').trim();
  };
}

/** Words of `text` in lines no wider than `width`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/.$/, '')}…`;
    return kept;
  }
  return lines;
}

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (A4.width - width) / 2, y, size, font, color });
}

const frenchDate = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: FRANCE_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);

/** The A4 page, drawn with the standard fonts (nothing to load) and the QR code as vector squares. */
export async function renderFlyer(content: FlyerContent): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Véhicule volé : ${content.title}`);
  pdf.setLanguage('fr-FR');
  pdf.setProducer('Veilleurs');
  pdf.setCreator('Veilleurs');
  const page = pdf.addPage([A4.width, A4.height]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const safe = drawable(regular);
  const inner = A4.width - 2 * MARGIN;

  // Banner.
  page.drawRectangle({ x: 0, y: A4.height - 90, width: A4.width, height: 90, color: RED });
  centred(page, 'VÉHICULE VOLÉ', bold, 40, A4.height - 62, rgb(1, 1, 1));
  let y = A4.height - 90 - 20;

  // Photo, fitted in a box, or nothing.
  const image = content.photo ? await pdf.embedJpg(content.photo).catch(() => null) : null;
  if (image) {
    const box = { width: inner, height: 300 };
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (A4.width - width) / 2, y: y - height, width, height });
    y -= height + 28;
  } else {
    y -= 12;
  }

  for (const line of wrap(safe(content.title), bold, 28, inner, 2)) {
    centred(page, line, bold, 28, y);
    y -= 34;
  }
  const details = [
    content.typeName ? safe(content.typeName) : null,
    content.color ? `couleur ${content.color.toLowerCase()}` : null,
  ].filter(Boolean);
  if (details.length > 0) {
    centred(page, details.join(', '), regular, 16, y, GREY);
    y -= 26;
  }
  if (content.identifier) {
    centred(
      page,
      `${content.identifier.label} : ${safe(content.identifier.value)}`,
      bold,
      20,
      y,
    );
    y -= 30;
  }
  const place = content.city
    ? `${safe(content.city)}${content.department ? ` (${safe(content.department)})` : ''}`
    : null;
  const when = frenchDate(content.date);
  for (const line of wrap(
    place ? `Volé à ${place}, signalé le ${when}` : `Signalé le ${when}`,
    regular,
    16,
    inner,
    2,
  )) {
    centred(page, line, regular, 16, y);
    y -= 22;
  }

  if (content.reward > 0) {
    y -= 6;
    const text = `Récompense : ${new Intl.NumberFormat('fr-FR').format(content.reward)} €`;
    const size = 22;
    const width = bold.widthOfTextAtSize(text, size) + 36;
    page.drawRectangle({
      x: (A4.width - width) / 2,
      y: y - 12,
      width,
      height: 38,
      borderColor: RED,
      borderWidth: 2,
    });
    centred(page, text, bold, size, y, RED);
    y -= 48;
  }

  // The QR code and what to do, at the bottom whatever the height above.
  const qr = QRCode.create(content.url, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  const qrSize = 150;
  const cell = qrSize / (modules + 2 * quiet);
  const qrX = A4.width - MARGIN - qrSize;
  const qrY = 60;
  page.drawRectangle({ x: qrX, y: qrY, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: qrX + (quiet + col) * cell,
        y: qrY + qrSize - (quiet + row + 1) * cell,
        width: cell + 0.05,
        height: cell + 0.05,
        color: rgb(0, 0, 0),
      });
    }
  }
  const textWidth = qrX - MARGIN - 20;
  let ty = qrY + qrSize - 18;
  page.drawText('Vous l’avez vu ?', { x: MARGIN, y: ty, size: 20, font: bold, color: INK });
  ty -= 26;
  for (const line of wrap(
    'N’intervenez pas et gardez vos distances. Appelez le 17 (ou le 112), puis scannez le code pour le signaler sur Veilleurs.',
    regular,
    13,
    textWidth,
    5,
  )) {
    page.drawText(line, { x: MARGIN, y: ty, size: 13, font: regular, color: INK });
    ty -= 18;
  }
  page.drawText(content.url, { x: MARGIN, y: qrY, size: 10, font: regular, color: GREY });
  centred(page, 'Veilleurs, l’entraide contre le vol de véhicules', regular, 9, 28, GREY);

  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}
