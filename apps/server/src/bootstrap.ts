import path from 'node:path';
import type { AppDependencies } from './app';
import { createMailer } from './adapters/create-mailer';
import { createOutboxSmsSender } from './adapters/create-sms-sender';
import { createLocalFileStorage } from './adapters/local-file-storage';
import { createS3FileStorage } from './adapters/s3-file-storage';
import type { FileStorage } from './adapters/storage';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { createAccessTokens } from './lib/access-tokens';
import { systemClock } from './lib/clock';
import { loadOrCreateSecret } from './lib/secrets';

export function createFileStorage(config: Config): FileStorage {
  if (config.S3_BUCKET) {
    return createS3FileStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID ? { accessKeyId: config.S3_ACCESS_KEY_ID } : {}),
      ...(config.S3_SECRET_ACCESS_KEY ? { secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
    });
  }
  return createLocalFileStorage(path.join(config.DATA_DIR, 'files'));
}

/** Opens the database and picks each adapter from the configuration. */
export async function createDependencies(config: Config): Promise<AppDependencies> {
  const secret = await loadOrCreateSecret(config.DATA_DIR, config.AUTH_SECRET);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pg') },
  );
  return {
    config,
    database,
    accessTokens: createAccessTokens(secret, systemClock),
    signingSecret: secret,
    storage: createFileStorage(config),
    mailer: createMailer({
      ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
      outboxDir: config.MAIL_OUTBOX_DIR,
      from: config.MAIL_FROM,
    }),
    sms: createOutboxSmsSender(config.MAIL_OUTBOX_DIR),
    clock: systemClock,
  };
}
