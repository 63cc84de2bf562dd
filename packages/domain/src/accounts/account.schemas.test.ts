import { describe, expect, it } from 'vitest';
import { EmailSchema, makeSignUpStep2Schema, SignUpStep1Schema } from './account.schemas';
import { makeSignUpSchema, SignUpStep3Schema } from './sign-up.schemas';

const now = new Date('2026-11-22T10:00:00Z');
const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), messageKey: issue.message } : null;
};

describe('EmailSchema', () => {
  it('lower-cases and trims', () => {
    expect(EmailSchema.parse('  Camille.Martin@Example.FR ')).toBe('camille.martin@example.fr');
  });
  it.each([['camille'], ['camille@'], ['@example.fr'], ['a b@example.fr']])(
    'refuses %j',
    (value) => {
      expect(firstIssue(EmailSchema.safeParse(value))).toEqual({
        field: '',
        messageKey: 'email.format.error',
      });
    },
  );
});

describe('sign-up step 1', () => {
  const valid = { username: 'a@example.fr', password: 'secret123', reason: 'Home' };
  it('accepts a valid step with the individual profile by default', () => {
    expect(SignUpStep1Schema.parse(valid)).toEqual({ ...valid, profile: 'individual' });
  });
  it.each([
    [{ username: '' }, 'username', 'field.required.error'],
    [{ username: 'nope' }, 'username', 'email.format.error'],
    [{ password: 'secretsecret' }, 'password', 'password.weak.error'],
    [{ reason: 'Elsewhere' }, 'reason', 'reason.required.error'],
    [{ reason: undefined }, 'reason', 'reason.required.error'],
    [{ profile: 'insurer' }, 'profile', 'profile.invalid.error'],
  ])('%j → %s %s', (change, field, messageKey) => {
    expect(firstIssue(SignUpStep1Schema.safeParse({ ...valid, ...change }))).toEqual({
      field,
      messageKey,
    });
  });
});

describe('sign-up step 2', () => {
  const schema = makeSignUpStep2Schema(now);
  const valid = { lastname: ' Martin ', firstname: 'Camille', birthday: '2000-05-01' };
  it('trims names', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, lastname: 'Martin' });
  });
  it.each([
    [{ lastname: '  ' }, 'lastname', 'field.required.error'],
    [{ firstname: 'x'.repeat(101) }, 'firstname', 'name.too.long.error'],
    [{ birthday: '01/05/2000' }, 'birthday', 'birthday.format.error'],
    [{ birthday: '2008-11-23' }, 'birthday', 'minor.error'],
    [{ birthday: undefined }, 'birthday', 'field.required.error'],
  ])('%j → %s %s', (change, field, messageKey) => {
    expect(firstIssue(schema.safeParse({ ...valid, ...change }))).toEqual({ field, messageKey });
  });
  it('accepts someone who turns 18 today', () => {
    expect(schema.safeParse({ ...valid, birthday: '2008-11-22' }).success).toBe(true);
  });
});

describe('sign-up step 3', () => {
  const valid = {
    phoneNumber: '06 12 34 56 78',
    countryCode: 'FR',
    department: '31',
    acceptedTerms: 'true',
  };
  it('normalises the phone to E.164 and keeps the department', () => {
    expect(SignUpStep3Schema.parse(valid)).toMatchObject({
      phoneNumber: '+33612345678',
      countryCode: 'FR',
      departmentCode: '31',
      acceptedTerms: true,
    });
  });
  it('uses the overseas department of the country and ignores the one sent', () => {
    const parsed = SignUpStep3Schema.parse({
      ...valid,
      phoneNumber: '0692123456',
      countryCode: 'RE',
      department: '',
    });
    expect(parsed).toMatchObject({ phoneNumber: '+262692123456', departmentCode: '974' });
  });
  it('defaults the country to FR', () => {
    const { countryCode: _omitted, ...withoutCountry } = valid;
    expect(SignUpStep3Schema.parse(withoutCountry).countryCode).toBe('FR');
  });
  it.each([
    [{ phoneNumber: '0123456789' }, 'phoneNumber', 'phone.format.error'],
    [{ phoneNumber: '' }, 'phoneNumber', 'field.required.error'],
    [{ countryCode: 'BE' }, 'countryCode', 'country.code.invalid.error'],
    [{ department: '' }, 'department', 'department.required.error'],
    [{ acceptedTerms: 'false' }, 'acceptedTerms', 'terms.required.error'],
    [{ acceptedTerms: undefined }, 'acceptedTerms', 'terms.required.error'],
  ])('%j → %s %s', (change, field, messageKey) => {
    expect(firstIssue(SignUpStep3Schema.safeParse({ ...valid, ...change }))).toEqual({
      field,
      messageKey,
    });
  });
});

describe('sign-up (all steps)', () => {
  const schema = makeSignUpSchema(now);
  const valid = {
    username: 'New.User@Example.fr',
    password: 'secret123',
    lastname: 'Martin',
    firstname: 'Camille',
    birthday: '1990-01-31',
    phoneNumber: '0612345678',
    countryCode: 'FR',
    department: '31',
    acceptedTerms: true,
  };
  it('gives the values to store', () => {
    expect(schema.parse(valid)).toMatchObject({
      username: 'new.user@example.fr',
      phoneNumber: '+33612345678',
      departmentCode: '31',
      profile: 'individual',
      locale: 'fr',
    });
  });
  it('refuses a minor', () => {
    expect(firstIssue(schema.safeParse({ ...valid, birthday: '2010-01-01' }))).toEqual({
      field: 'birthday',
      messageKey: 'minor.error',
    });
  });
});
