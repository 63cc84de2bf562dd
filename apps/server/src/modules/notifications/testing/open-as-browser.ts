import crypto from 'node:crypto';

/**
 * The browser's side of RFC 8291, written apart from the code under test with Node's HKDF: a push
 * body opened with its subscription's private key and secret. Throws on a body that is not one
 * aes128gcm record of 4096 ending with the last record's delimiter, or that another key sealed.
 */
export function openAsBrowser(body: Buffer, browser: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  if (body.readUInt32BE(16) !== 4096) throw new Error('record size is not 4096');
  const keyLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyLength);
  const record = body.subarray(21 + keyLength);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.getPublicKey(),
    senderPublicKey,
  ]);
  const inputKey = Buffer.from(
    crypto.hkdfSync('sha256', browser.computeSecret(senderPublicKey), authSecret, keyInfo, 32),
  );
  const derive = (info: string, length: number) =>
    Buffer.from(crypto.hkdfSync('sha256', inputKey, salt, Buffer.from(info), length));
  const decipher = crypto.createDecipheriv(
    'aes-128-gcm',
    derive('Content-Encoding: aes128gcm\0', 16),
    derive('Content-Encoding: nonce\0', 12),
  );
  decipher.setAuthTag(record.subarray(-16));
  const plaintext = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  if (plaintext.at(-1) !== 2) throw new Error('the record does not end as the last one');
  return plaintext.subarray(0, -1).toString('utf8');
}
