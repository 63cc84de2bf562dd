import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  DOCUMENT_MAX_BYTES,
  PROFILE_MESSAGE_KEYS as K,
  type UploadedFile,
  type UserDocumentKind,
  isAcceptableText,
} from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { assertAcceptablePartNames, unacceptableText } from '../../plugins/input-text';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { signFileUrl } from '../../lib/signed-file-urls';
import { isForeignKeyViolation } from '../../db/sql-state';
import {
  prepareDocument as prepareUploadedDocument,
  type IncomingFile,
  type PreparedDocument,
} from '../../lib/uploaded-documents';

export type { IncomingFile, PreparedDocument };
import {
  deleteStoredFiles,
  insertStoredFile,
  listDocumentsOfUser,
  upsertUserDocument,
  type DocumentRow,
} from './documents.repository';

/** Limits of the document forms: three files (recto, verso, rib) and a few text fields. */
export const DOCUMENT_UPLOAD_LIMITS = {
  fileSize: DOCUMENT_MAX_BYTES,
  files: 3,
  fields: 20,
  fieldSize: 10_000,
  parts: 30,
};

/**
 * Reads a multipart form: text fields, and the files of `fileFields` in memory (at most 10 MB
 * each, enforced while reading). An empty file input (no name, no bytes) counts as absent.
 */
export async function readDocumentForm(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<{ fields: Record<string, string>; files: Record<string, IncomingFile> }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', { invalidField: fileFields[0] ?? 'form' });
  }
  const fields: Record<string, string> = {};
  const files: Record<string, IncomingFile> = {};
  for await (const part of request.parts()) {
    assertAcceptablePartNames(part);
    if (part.type === 'field' && typeof part.value === 'string') {
      // Multi-line allowed here; the schema the field is parsed with next applies its own rule.
      if (!isAcceptableText(part.value, { multiline: true }))
        throw unacceptableText(part.fieldname);
    }
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
          throw new AppError('PAYLOAD_TOO_LARGE', {
            invalidField: part.fieldname,
            messageKey: K.fileTooLarge,
          });
        }
        throw error;
      }
      if (data.length === 0 && !part.filename) continue;
      files[part.fieldname] = {
        field: part.fieldname,
        fileName: part.filename || 'document',
        data,
      };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** Checks and cleans an identity or rib file (lib/uploaded-documents.ts), in this area's wording. */
export function prepareDocument(file: IncomingFile): Promise<PreparedDocument> {
  return prepareUploadedDocument(file, K.fileType);
}

/**
 * The documents of an account (identity recto/verso, rib): stored privately, one current file per
 * kind, handed out only as short-lived signed links to their owner.
 */
export function createDocumentStore(deps: {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  signingSecret: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, storage, clock, signingSecret, log } = deps;

  function describe(row: DocumentRow, now: Date): UploadedFile {
    return {
      id: row.fileId,
      fileUrl: signFileUrl(signingSecret, row.fileId, now),
      fileName: row.storageKey.split('/').pop() ?? row.originalFileName,
      originalFileName: row.originalFileName,
      isPdf: row.mimeType === 'application/pdf',
    };
  }

  return {
    /** The user's current documents by kind, with signed links. */
    async documentsOf(userId: number): Promise<Partial<Record<UserDocumentKind, UploadedFile>>> {
      const now = clock.now();
      const rows = await listDocumentsOfUser(db, userId);
      return Object.fromEntries(rows.map((row) => [row.kind, describe(row, now)]));
    },

    async fileIdsOf(userId: number): Promise<Partial<Record<UserDocumentKind, number>>> {
      const rows = await listDocumentsOfUser(db, userId);
      return Object.fromEntries(rows.map((row) => [row.kind, row.fileId]));
    },

    /**
     * Stores new documents and, in the same transaction, whatever `alsoInTransaction` changes (the
     * identity status, the profile). Files are written first; if the transaction fails they are
     * deleted, so no file is left without its row. Replaced files are deleted after the commit.
     */
    async replace(
      userId: number,
      documents: Partial<Record<UserDocumentKind, PreparedDocument>>,
      alsoInTransaction: (tx: Db) => Promise<void>,
    ): Promise<void> {
      const now = clock.now();
      const entries = Object.entries(documents) as [UserDocumentKind, PreparedDocument][];
      const written: { kind: UserDocumentKind; key: string; document: PreparedDocument }[] = [];
      let replaced: DocumentRow[] = [];
      try {
        for (const [kind, document] of entries) {
          const key = `documents/${userId}/${randomUUID()}.${document.extension}`;
          await storage.put(key, document.data, document.mimeType);
          written.push({ kind, key, document });
        }
        await db.transaction(async (tx) => {
          const before = await listDocumentsOfUser(tx, userId);
          for (const { kind, key, document } of written) {
            const fileId = await insertStoredFile(tx, {
              ownerId: userId,
              storageKey: key,
              originalFileName: document.originalFileName.slice(0, 255),
              mimeType: document.mimeType,
              sizeBytes: document.data.length,
              createdAt: now,
            });
            await upsertUserDocument(tx, { userId, kind, fileId, createdAt: now });
          }
          const kinds = new Set<string>(written.map((entry) => entry.kind));
          replaced = before.filter((row) => kinds.has(row.kind));
          await deleteStoredFiles(
            tx,
            replaced.map((row) => row.fileId),
          );
          await alsoInTransaction(tx);
        });
      } catch (error) {
        await Promise.all(
          written.map(({ key }) =>
            storage.delete(key).catch((cause: unknown) => {
              log.warn({ err: cause, key }, 'uploaded document not removed after a failure');
            }),
          ),
        );
        // The account went away meanwhile (its rows' foreign keys fail): nothing to attach to.
        if (isForeignKeyViolation(error)) throw notFound();
        throw error;
      }
      for (const row of replaced) {
        await storage.delete(row.storageKey).catch((cause: unknown) => {
          log.warn({ err: cause, key: row.storageKey }, 'replaced document not removed');
        });
      }
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
