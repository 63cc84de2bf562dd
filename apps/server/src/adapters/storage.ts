import type { Readable } from 'node:stream';

/**
 * Where files live: a folder under DATA_DIR by default, an S3-compatible bucket when S3_BUCKET is set.
 * Keys are opaque strings chosen by the caller (e.g. "photos/2026/11/uuid.jpg").
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when no file has that key. */
  get(key: string): Promise<{ stream: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
