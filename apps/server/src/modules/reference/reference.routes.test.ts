import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

describe('reference lists', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        APP_ENV: 'preproduction',
        PRO_SITE_URL: 'https://pro.example.test',
        PUBLIC_URL: 'https://app.example.test/',
      },
    });
    user = await buildUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /apiMobile/getColors', () => {
    it('is public and lists the 16 colours in French by default', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apiMobile/getColors' });
      expect(res.statusCode).toBe(200);
      const colours = res.json();
      expect(colours).toHaveLength(16);
      expect(colours[0]).toEqual({ value: 'UNDEFINED', text: 'Non défini' });
      expect(colours).toContainEqual({ value: 'SILVER', text: 'Argent' });
    });

    it('answers in English when the browser prefers English', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getColors',
        headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' },
      });
      expect(res.json()).toContainEqual({ value: 'SILVER', text: 'Silver' });
    });
  });

  describe('GET /apiMobile/getEnergies', () => {
    it('is public and labels GASOIL as petrol', async () => {
      const fr = await t.app.inject({ method: 'GET', url: '/apiMobile/getEnergies' });
      expect(fr.statusCode).toBe(200);
      expect(fr.json()).toEqual([
        { value: 'GASOIL', text: 'Essence' },
        { value: 'DIESEL', text: 'Diesel' },
        { value: 'ELECTRIC', text: 'Électrique' },
        { value: 'HYBRID', text: 'Hybride' },
        { value: 'BIOFUEL', text: 'Biocarburant' },
        { value: 'WITHOUT', text: 'Sans motorisation' },
      ]);
      const en = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getEnergies',
        headers: { 'accept-language': 'en' },
      });
      expect(en.json()[0]).toEqual({ value: 'GASOIL', text: 'Petrol' });
    });
  });

  describe('GET /apiMobile/getAllDepartments', () => {
    it('is public and lists the 101 departments as "code - name", Corsica after 19, overseas last', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apiMobile/getAllDepartments' });
      expect(res.statusCode).toBe(200);
      const departments: { value: string; text: string }[] = res.json();
      expect(departments).toHaveLength(101);
      expect(departments[0]).toEqual({ value: '01', text: '01 - Ain' });
      expect(departments).toContainEqual({ value: '31', text: '31 - Haute-Garonne' });
      expect(departments).toContainEqual({ value: '974', text: '974 - La Réunion' });
      const codes = departments.map((d) => d.value);
      expect(codes.slice(codes.indexOf('19'), codes.indexOf('19') + 4)).toEqual([
        '19',
        '2A',
        '2B',
        '21',
      ]);
      expect(codes.slice(-5)).toEqual(['971', '972', '973', '974', '976']);
    });
  });

  describe('GET /apiMobile/getAllProfessions', () => {
    it('is public and lists the professions in order, "Autre" last', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/apiMobile/getAllProfessions' });
      expect(res.statusCode).toBe(200);
      const professions: { value: string; text: string }[] = res.json();
      expect(professions.length).toBeGreaterThanOrEqual(20);
      expect(professions).toContainEqual({ value: 'STUDENT', text: 'Étudiant' });
      expect(professions.at(-1)).toEqual({ value: 'OTHER', text: 'Autre' });
    });

    it('answers in English when asked', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getAllProfessions',
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.json()).toContainEqual({ value: 'STUDENT', text: 'Student' });
    });
  });

  describe('GET /home/getEnvironmentLinks', () => {
    it('is public and gives the professional site and the public site', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/home/getEnvironmentLinks' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        proUrlLink: 'https://pro.example.test',
        gpUrlLink: 'https://app.example.test',
      });
    });
  });

  describe('GET /home/getEnvironmentName', () => {
    it('is public and answers the APP_ENV name as a JSON string', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/home/getEnvironmentName' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toBe('"preproduction"');
      expect(res.json()).toBe('preproduction');
    });
  });

  describe('GET /user/fetchFeedbackTypes', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/user/fetchFeedbackTypes' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('lists the feedback types, the default first', async () => {
      const res = await t.injectAs(user, { method: 'GET', url: '/user/fetchFeedbackTypes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { value: 'FEEDBACK_USER', text: 'Avis utilisateur' },
        { value: 'QUESTION', text: 'Question' },
        { value: 'OTHER', text: 'Autre' },
      ]);
    });
  });
});
