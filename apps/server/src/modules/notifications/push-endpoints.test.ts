import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-endpoints';

describe('push service endpoints', () => {
  it('accepts the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGx9Zk',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
      'https://api.push.apple.com/3/device/abc',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses anything that would have the server post elsewhere', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://notify.windows.com.attacker.example/x',
      'https://attackerpush.apple.com.example/x',
      'https://127.0.0.1/x',
      'https://10.0.0.5/admin',
      'https://[::1]/x',
      'https://localhost/x',
      'https://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'nope',
      'https://fcm.googleapis.com\u0000.attacker.example/x',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
  });

  it('accepts the operator’s extra origins exactly, port included', () => {
    const extra = ['https://127.0.0.1:4443'];
    expect(isPushServiceEndpoint('https://127.0.0.1:4443/bench-push/1', extra)).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:4444/bench-push/1', extra)).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1:4443/bench-push/1', extra)).toBe(false);
  });
});
