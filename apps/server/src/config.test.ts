import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const PRODUCTION_READY = {
  APP_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  DATABASE_URL: 'postgres://veilleurs@db.internal:5432/veilleurs',
  PUBLIC_URL: 'https://veilleurs.example.org',
  SMTP_URL: 'smtp://mail.internal:25',
  TRUSTED_PROXIES: '127.0.0.1',
  DATA_DIR: '/tmp/veilleurs-config-check',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env, { startup: true });
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('configuration at start-up in production', () => {
  it('starts with everything production needs', () => {
    expect(problemsOf(PRODUCTION_READY)).toBe('');
  });

  it('refuses to start without them, listing every missing setting at once', () => {
    const message = problemsOf({ APP_ENV: 'production', DATA_DIR: '/tmp/veilleurs-config-check' });
    for (const key of [
      'AUTH_SECRET',
      'DATABASE_URL',
      'PUBLIC_URL',
      'SMTP_URL',
      'TRUSTED_PROXIES',
    ]) {
      expect(message).toContain(`  ${key}: required in production`);
    }
  });

  it('refuses the embedded database and a plain-http address, with the schema problems too', () => {
    const message = problemsOf({
      ...PRODUCTION_READY,
      DATABASE_URL: 'mysql://db.internal/veilleurs',
      PUBLIC_URL: 'http://veilleurs.example.org',
      PORT: 'eighty',
    });
    expect(message).toContain('DATABASE_URL: required in production, a postgres:// URL');
    expect(message).toContain('PUBLIC_URL: required in production, the https:// address');
    expect(message).toContain('PORT:');
  });

  it('keeps development and tests free of these requirements', () => {
    expect(problemsOf({ DATA_DIR: '/tmp/veilleurs-config-check' })).toBe('');
    expect(loadConfig({ APP_ENV: 'production', DATA_DIR: '/tmp/x' }).APP_ENV).toBe('production');
  });
});

describe('origins a push subscription may point at besides the push services', () => {
  it('reads them once, as each endpoint’s origin is written, and refuses what is not an address', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/veilleurs-config-check',
      PUSH_SERVICE_EXTRA_ORIGINS: ' https://127.0.0.1:4443/ ,https://push.test.example ',
    });
    expect(config.PUSH_SERVICE_EXTRA_ORIGINS).toEqual([
      'https://127.0.0.1:4443',
      'https://push.test.example',
    ]);
    expect(
      loadConfig({ DATA_DIR: '/tmp/veilleurs-config-check' }).PUSH_SERVICE_EXTRA_ORIGINS,
    ).toEqual([]);
    expect(
      problemsOf({
        DATA_DIR: '/tmp/veilleurs-config-check',
        PUSH_SERVICE_EXTRA_ORIGINS: 'not an origin',
      }),
    ).toContain('PUSH_SERVICE_EXTRA_ORIGINS');
  });
});
