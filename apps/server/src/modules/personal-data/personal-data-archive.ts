import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { NotificationType } from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import {
  annoncePhotos,
  annonces,
  favourites,
  feedbackMessages,
  identifierChecks,
  lampionEvents,
  matchReportPhotos,
  matchReports,
  notificationPreferences,
  notifications,
  paymentPromises,
  payments,
  paymentStatusChanges,
  savedSearches,
  storedFiles,
  userDocuments,
  users,
} from '../../db/schema/index';
import { notificationLocaleOf, renderNotification } from '../notifications/index';

/**
 * The personal-data archive (issue 19, RGPD art. 15 and 20): one zip of JSON files and the
 * account's own files, written as a stream. Sections are read one at a time and files are copied
 * chunk by chunk, waiting whenever the download is slower than the copy, so memory stays at one
 * section of rows plus a chunk whatever the number or size of the files.
 *
 * It holds nobody else's data: match reports about the owner's announcements carry only what the
 * owner already sees (date, state, restitution), never the watcher, the place or the photos; files
 * are those the account itself uploaded (`stored_files.owner_id`).
 */

const README = `Veilleurs — vos données personnelles / your personal data

profile.json            votre compte, vos préférences, vos lampions, vos documents (liste)
                        your account, preferences, lampions, documents (list)
annonces.json           vos annonces (tous leurs champs) / your announcements (every field)
matches.json            vos signalements de veilleur, et l'état de ceux faits sur vos annonces
                        your sightings as a watcher, and the state of those made on your announcements
identifier-checks.json  les identifiants que vous avez vérifiés / the identifiers you checked
notifications.json      vos notifications / your notifications
payments.json           vos paiements et promesses de paiement / your payments and payment promises
saved-searches.json     vos alertes / your saved searches
favourites.json         vos favoris / your favourites
support-messages.json   vos messages au support / your messages to support
files/                  vos photos et documents / your photos and documents
`;

type Json = Record<string, unknown> | unknown[];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** "files/<id>-<name>.<ext>": the id keeps names unique; only safe characters survive. */
function archiveFileName(file: { id: number; originalFileName: string; mimeType: string }) {
  const ext = EXTENSIONS[file.mimeType] ?? 'bin';
  const base =
    file.originalFileName
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'file';
  return `files/${file.id}-${base}.${ext}`;
}

export async function collectSections(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const { passwordHash: _secret, ...account } = user;
  void _secret;

  const files = await db
    .select({
      id: storedFiles.id,
      originalFileName: storedFiles.originalFileName,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      storageKey: storedFiles.storageKey,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(eq(storedFiles.ownerId, userId))
    .orderBy(asc(storedFiles.id));
  const pathOf = new Map(files.map((file) => [file.id, archiveFileName(file)]));
  const filePath = (id: number | null) => (id === null ? null : (pathOf.get(id) ?? null));

  const [preferences] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const documents = await db.select().from(userDocuments).where(eq(userDocuments.userId, userId));
  const lampions = await db
    .select()
    .from(lampionEvents)
    .where(eq(lampionEvents.userId, userId))
    .orderBy(asc(lampionEvents.id));

  const owned = await db
    .select()
    .from(annonces)
    .where(eq(annonces.ownerId, userId))
    .orderBy(asc(annonces.id));
  const ownedIds = owned.map((annonce) => annonce.id);
  const photos =
    ownedIds.length === 0
      ? []
      : await db
          .select()
          .from(annoncePhotos)
          .where(inArray(annoncePhotos.annonceId, ownedIds))
          .orderBy(asc(annoncePhotos.position));

  const mine = await db
    .select()
    .from(matchReports)
    .where(eq(matchReports.watcherId, userId))
    .orderBy(asc(matchReports.id));
  const minePhotos =
    mine.length === 0
      ? []
      : await db
          .select()
          .from(matchReportPhotos)
          .where(
            inArray(
              matchReportPhotos.matchReportId,
              mine.map((report) => report.id),
            ),
          )
          .orderBy(asc(matchReportPhotos.position));
  // Reports on my announcements: only what the owner is shown (docs/decisions.md, issue 8).
  const onMine =
    ownedIds.length === 0
      ? []
      : await db
          .select({
            id: matchReports.id,
            annonceId: matchReports.annonceId,
            status: matchReports.status,
            reportedAt: matchReports.createdAt,
            restitutionDate: matchReports.restitutionDate,
            destroyed: matchReports.destroyed,
          })
          .from(matchReports)
          .where(inArray(matchReports.annonceId, ownedIds))
          .orderBy(asc(matchReports.id));

  const locale = notificationLocaleOf(user.locale);
  const notificationRows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));

  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));
  const statusChanges =
    paymentRows.length === 0
      ? []
      : await db
          .select()
          .from(paymentStatusChanges)
          .where(
            inArray(
              paymentStatusChanges.paymentId,
              paymentRows.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(paymentStatusChanges.id));
  const promises = await db
    .select()
    .from(paymentPromises)
    .where(eq(paymentPromises.userId, userId));

  const sections: [string, Json][] = [
    [
      'profile.json',
      {
        account,
        notificationPreferences: preferences ?? null,
        documents: documents.map((document) => ({
          kind: document.kind,
          file: filePath(document.fileId),
        })),
        lampionEvents: lampions,
      },
    ],
    [
      'annonces.json',
      owned.map((annonce) => ({
        ...annonce,
        photos: photos
          .filter((photo) => photo.annonceId === annonce.id)
          .map((photo) => filePath(photo.fileId)),
        files: {
          identityRecto: filePath(annonce.identityRectoFileId),
          identityVerso: filePath(annonce.identityVersoFileId),
          carteGrise: filePath(annonce.carteGriseFileId),
          plainte: filePath(annonce.plainteFileId),
          assurance: filePath(annonce.assuranceFileId),
        },
      })),
    ],
    [
      'matches.json',
      {
        asWatcher: mine.map((report) => ({
          ...report,
          photos: minePhotos
            .filter((photo) => photo.matchReportId === report.id)
            .map((photo) => filePath(photo.fileId)),
        })),
        onMyAnnonces: onMine,
      },
    ],
    [
      'identifier-checks.json',
      await db
        .select()
        .from(identifierChecks)
        .where(eq(identifierChecks.userId, userId))
        .orderBy(asc(identifierChecks.id)),
    ],
    [
      'notifications.json',
      notificationRows.map((row) => ({
        ...row,
        ...renderNotification(row.type as NotificationType, row.params, locale),
      })),
    ],
    ['payments.json', { payments: paymentRows, statusChanges, promises }],
    [
      'saved-searches.json',
      await db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.id)),
    ],
    ['favourites.json', await db.select().from(favourites).where(eq(favourites.userId, userId))],
    [
      'support-messages.json',
      await db
        .select()
        .from(feedbackMessages)
        .where(eq(feedbackMessages.userId, userId))
        .orderBy(asc(feedbackMessages.id)),
    ],
  ];
  return {
    sections,
    files: files.map((file) => ({ ...file, path: pathOf.get(file.id)! })),
  };
}

/**
 * Streams the archive. The zip is written into `out` while the caller sends `out`; a full buffer
 * pauses the copy until the client reads on, and a closed connection stops it.
 */
export function streamArchive(
  deps: { db: Db; storage: FileStorage; log: { warn(obj: unknown, msg?: string): void } },
  userId: number,
): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  let failed: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed = error;
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.destroyed) throw new Error('archive download closed');
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const addText = async (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
    await drained();
  };

  void (async () => {
    const collected = await collectSections(deps.db, userId);
    if (!collected) throw new Error('account not found');
    await addText('README.txt', README);
    for (const [name, data] of collected.sections) {
      await addText(name, JSON.stringify(data, null, 2));
    }
    for (const file of collected.files) {
      const stored = await deps.storage.get(file.storageKey);
      if (!stored) {
        deps.log.warn({ fileId: file.id }, 'personal data archive: file missing in storage');
        continue;
      }
      // Photos and PDFs are already compressed: stored as they are.
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      for await (const chunk of stored.stream) {
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: Error) => {
    if (!failed && !out.destroyed) {
      deps.log.warn({ err: error, userId }, 'personal data archive failed');
      out.destroy(error);
    }
  });
  return out;
}
