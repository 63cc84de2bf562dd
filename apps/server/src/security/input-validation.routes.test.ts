import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { buildAnnonce, buildUser } from '../../test/factories';

/**
 * The examples of each class of docs/security.md "Input validation": a control character in any
 * text is a 403 on that field (never a database error), and an id is a positive integer only.
 */
describe('input validation classes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 403 invalidField for a NUL byte in the login, anonymous or not', async () => {
    for (const url of ['/api/login', '/admin/login', '/api/beforeLogin']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { username: 'a\u0000b', password: 'x' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FIELD_INVALID', invalidField: 'username' });
    }
  });

  it('refuses control characters in query strings and paths', async () => {
    const user = await buildUser(t.db);
    const query = await t.injectAs(user, { method: 'GET', url: '/geo/search?q=%00paris' });
    expect(query.statusCode).toBe(403);
    const path = await t.app.inject({ method: 'GET', url: '/files/%00' });
    expect(path.statusCode).toBe(403);
  });

  it('keeps line breaks where a text is multi-line, and only there', async () => {
    const user = await buildUser(t.db);
    const feedback = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: { feedbackType: 'QUESTION', content: 'Bonjour,\n\tmon vélo a disparu.' },
    });
    expect(feedback.statusCode).toBe(200);
    const nul = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: { feedbackType: 'QUESTION', content: 'Bonjour\u0000' },
    });
    expect(nul.statusCode).toBe(403);
    expect(nul.json()).toMatchObject({ invalidField: 'content' });
    const search = await t.injectAs(user, {
      method: 'POST',
      url: '/savedSearch',
      payload: { name: 'Vélos\nrouges' },
    });
    expect(search.statusCode).toBe(403);
  });

  it('takes only a positive integer as an id: never a boolean, a float, zero or a huge number', async () => {
    const owner = await buildUser(t.db);
    const watcher = await buildUser(t.db);
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id, status: 'VALIDATED' });
    for (const annonceId of [
      true,
      false,
      1.5,
      0,
      -1,
      2 ** 31,
      '1e0',
      ' 1',
      '0x1',
      [1],
      { id: 1 },
    ]) {
      const res = await t.injectAs(watcher, {
        method: 'POST',
        url: '/annonce/updateFavoris',
        payload: { annonceId },
      });
      expect(res.statusCode, JSON.stringify(annonceId)).toBe(400);
    }
    for (const annonceId of [annonce.id, String(annonce.id)]) {
      const res = await t.injectAs(watcher, {
        method: 'POST',
        url: '/annonce/updateFavoris',
        payload: { annonceId },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
