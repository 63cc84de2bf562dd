import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LARGEST_PUSH_PAYLOAD,
  UnusableKeysError,
  encryptPushMessage,
  unusableKey,
} from './push-encryption';
import { openAsBrowser } from './testing/open-as-browser';
import { OFF_CURVE_P256DH } from './testing/off-curve-key';

/** RFC 8291, Appendix A: the example message, its keys, its salt and the body it gives. */
const example = {
  plaintext: 'When I grow up, I want to be a watermelon',
  senderPrivateKey: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  browserPrivateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  browserPublicKey:
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
    'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

function newBrowser() {
  const browser = crypto.createECDH('prime256v1');
  browser.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const keys = {
    p256dh: browser.getPublicKey().toString('base64url'),
    auth: authSecret.toString('base64url'),
  };
  return { browser, authSecret, keys };
}

describe('a Web Push message encrypted for its browser', () => {
  it('gives RFC 8291’s example body, byte for byte, from its keys and salt', () => {
    const body = encryptPushMessage(
      example.plaintext,
      { p256dh: example.browserPublicKey, auth: example.authSecret },
      {
        senderPrivateKey: Buffer.from(example.senderPrivateKey, 'base64url'),
        salt: Buffer.from(example.salt, 'base64url'),
      },
    );
    expect(body.toString('base64url')).toBe(example.body);
  });

  it('is opened by its browser, and by nobody without the browser’s secret', () => {
    const { browser, authSecret, keys } = newBrowser();
    const payload = JSON.stringify({
      title: 'Vélo volé près de chez vous',
      url: '/annonce/show/7',
    });
    const body = encryptPushMessage(payload, keys);
    expect(openAsBrowser(body, browser, authSecret)).toBe(payload);
    expect(() => openAsBrowser(body, browser, crypto.randomBytes(16))).toThrow();
  });

  it('draws a new key pair and salt for every message', () => {
    const { keys } = newBrowser();
    const first = encryptPushMessage('{}', keys);
    const second = encryptPushMessage('{}', keys);
    expect(first.subarray(0, 16)).not.toEqual(second.subarray(0, 16));
    expect(first.subarray(21, 86)).not.toEqual(second.subarray(21, 86));
  });

  it('holds the largest payload a push service must take, and refuses one byte more', () => {
    const { browser, authSecret, keys } = newBrowser();
    const largest = 'é'.repeat(LARGEST_PUSH_PAYLOAD / 2) + 'x'.repeat(LARGEST_PUSH_PAYLOAD % 2);
    const body = encryptPushMessage(largest, keys);
    expect(body.length).toBe(4096);
    expect(openAsBrowser(body, browser, authSecret)).toBe(largest);
    expect(() => encryptPushMessage(`${largest}x`, keys)).toThrow(RangeError);
  });

  it('refuses keys that are not a subscription’s, naming the key', () => {
    const { keys } = newBrowser();
    const compressed = Buffer.from(keys.p256dh, 'base64url').subarray(0, 33);
    compressed[0] = 2;
    for (const [wrong, key] of [
      [{ ...keys, p256dh: 'AAAA' }, 'p256dh'],
      [{ ...keys, p256dh: OFF_CURVE_P256DH }, 'p256dh'],
      [{ ...keys, p256dh: compressed.toString('base64url') }, 'p256dh'],
      [{ ...keys, p256dh: 'not base64 at all!' }, 'p256dh'],
      [{ ...keys, auth: 'c2hvcnQ' }, 'auth'],
      [{ ...keys, auth: crypto.randomBytes(32).toString('base64url') }, 'auth'],
    ] as const) {
      expect(unusableKey(wrong), JSON.stringify(wrong)).toBe(key);
      expect(() => encryptPushMessage('{}', wrong)).toThrow(UnusableKeysError);
      expect(() => encryptPushMessage('{}', wrong)).toThrow(expect.objectContaining({ key }));
    }
    expect(unusableKey(keys)).toBeNull();
    expect(unusableKey({ p256dh: example.browserPublicKey, auth: example.authSecret })).toBeNull();
  });
});
