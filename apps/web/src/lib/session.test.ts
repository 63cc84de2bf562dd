import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getSession,
  readStoredSession,
  startImpersonation,
  startSession,
  toCurrentUser,
  updateSessionTokens,
} from './session';
import { STORAGE_KEYS } from './storage';

const answer = {
  username: 'camille@example.org',
  roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
  token_type: 'Bearer',
  access_token: 'access-1',
  expires_in: 900,
  refresh_token: 'refresh-1',
};

describe('session', () => {
  it('keeps the user under one localStorage key with the token expiry', () => {
    startSession(answer, { rememberMe: true }, 1_000);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null');
    expect(stored).toMatchObject({
      username: 'camille@example.org',
      roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: 900,
      expiresAt: 901_000,
      rememberMe: true,
    });
  });

  it('keeps remember-me and impersonation across a token refresh', () => {
    startSession(answer, { rememberMe: true });
    startImpersonation({
      token: 'imp-token',
      username: 'dominique@example.org',
      roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
    });
    updateSessionTokens({ ...answer, access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(getSession()).toMatchObject({
      rememberMe: true,
      impersonateToken: 'imp-token',
      access_token: 'access-2',
    });
  });

  it('acts as the impersonated user: token, name and roles', () => {
    startSession(answer, { rememberMe: false });
    startImpersonation({
      token: 'imp-token',
      username: 'dominique@example.org',
      roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
    });
    expect(getAccessToken()).toBe('imp-token');
    expect(toCurrentUser(getSession())).toEqual({
      username: 'dominique@example.org',
      roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
      isImpersonating: true,
    });
  });

  it('logout forgets the user, the roles and the impersonation', () => {
    startSession(answer, { rememberMe: false });
    startImpersonation({ token: 'imp-token', username: 'dominique@example.org', roles: [] });
    clearSession();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('ignores a stored value it cannot read', () => {
    window.localStorage.setItem(STORAGE_KEYS.user, '{"username":');
    expect(getSession()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ username: 'x' }));
    expect(getSession()).toBeNull();
  });

  it('checks every stored field by hand (zod is not loaded yet when the app starts)', () => {
    const stored = {
      username: 'camille@example.org',
      roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      expires_in: 900,
      expiresAt: 901_000,
      rememberMe: false,
    };
    // A session stored before impersonation existed: those fields are null.
    expect(readStoredSession(stored)).toEqual({
      ...stored,
      impersonateToken: null,
      impersonateUsername: null,
      impersonateRoles: null,
    });
    for (const broken of [
      { ...stored, access_token: '' },
      { ...stored, refresh_token: undefined },
      { ...stored, roles: ['ROLE_INDIVIDUAL_CONFIRMED', 3] },
      { ...stored, expiresAt: '901000' },
      { ...stored, rememberMe: 'yes' },
      { ...stored, impersonateToken: 42 },
      { ...stored, impersonateRoles: 'ROLE_ADMIN' },
      null,
      'camille',
    ]) {
      expect(readStoredSession(broken)).toBeNull();
    }
  });
});
