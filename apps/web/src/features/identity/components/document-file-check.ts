import { DOCUMENT_MAX_BYTES, PROFILE_MESSAGE_KEYS } from '@app/domain';

const ACCEPTED_EXTENSIONS = /\.(png|jpe?g|pdf)$/i;
const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/**
 * A first check in the browser, so that a wrong file is said at once; the server still checks the
 * content (a renamed program passes this test, not the server's).
 */
export function documentFileError(file: File | null | undefined): string | null {
  if (!file) return 'identity.file.missing.error';
  const typeOk = file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk || !ACCEPTED_EXTENSIONS.test(file.name)) return PROFILE_MESSAGE_KEYS.fileType;
  if (file.size > DOCUMENT_MAX_BYTES) return PROFILE_MESSAGE_KEYS.fileTooLarge;
  return null;
}
