import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/domain';
import { createFixedClock } from '../../test/helper';
import { createAccessTokens } from './access-tokens';

describe('access tokens', () => {
  const claims = { userId: 7, username: 'alice', roles: ['ROLE_INDIVIDUAL_CONFIRMED' as const] };

  it('verifies a token again and again until it expires, then never', async () => {
    const clock = createFixedClock();
    const tokens = createAccessTokens('s'.repeat(40), clock);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    // The second answer comes from the tokens already verified: the same rule applies.
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never trusts a token that differs from a verified one', async () => {
    const tokens = createAccessTokens('s'.repeat(40), createFixedClock());
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.roles = ['ROLE_ADMIN'];
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();
    const other = createAccessTokens('o'.repeat(40), createFixedClock());
    expect(await other.verify(token)).toBeNull();
  });

  it('answers claims no caller can alter for the next request', async () => {
    const tokens = createAccessTokens('s'.repeat(40), createFixedClock());
    const token = await tokens.sign(claims);
    const first = (await tokens.verify(token))!;
    expect(() => (first.roles as string[]).push('ROLE_ADMIN')).toThrow();
    expect((await tokens.verify(token))!.roles).toEqual(['ROLE_INDIVIDUAL_CONFIRMED']);
  });
});
