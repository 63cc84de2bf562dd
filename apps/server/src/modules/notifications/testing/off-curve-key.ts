/**
 * A p256dh no browser gives: 65 bytes that start as an uncompressed P-256 point does (4) but are
 * not a point of the curve, so only decoding the point tells it apart.
 */
export const OFF_CURVE_P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString(
  'base64url',
);
