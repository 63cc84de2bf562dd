import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { carFields, jpeg, loadCatalogue, saveAnnonce } from './testing/annonce-testing';

describe('GET /openapp?id=N: the social-network preview of a shared announcement', () => {
  let t: TestApp;
  let id: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://veilleurs.example.org' } });
    const catalogue = await loadCatalogue(t.db);
    const owner = await buildUser(t.db, { firstname: 'Huguette', lastname: 'Vasseur' });
    const saved = await saveAnnonce(
      t,
      owner,
      carFields(catalogue, {
        isProprio: false,
        firstnameOwner: 'Bérénice',
        lastnameOwner: 'Quentin<script>',
      }),
      {
        'imagesVehicle[0]': { data: await jpeg(), name: 'a.jpg', type: 'image/jpeg' },
        additionnalRewardLevel: 2,
      },
    );
    id = saved.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('only redirects while the announcement is not validated', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/openapp?id=${id}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/#/annonce/show/${id}`);
  });

  it('answers the Open Graph and Twitter tags of a validated one, then sends the browser on', async () => {
    await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, id));
    const res = await t.app.inject({ method: 'GET', url: `/openapp?id=${id}&utm_source=sms` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/<meta property="og:title" content="[^"]+ volé\(e\) à Toulouse \(31\)">/);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/veilleurs\.example\.org\/files\/\d+\?signature=[\w-]+">/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('Récompense supplémentaire : 500 €');
    expect(html).toContain(
      `<meta http-equiv="refresh" content="0; url=/#/annonce/show/${id}?utm_source=sms">`,
    );
    for (const secret of [
      'AB123CD',
      'AB-123-CD',
      'AB-123',
      'rue du Taur',
      'Huguette',
      'Vasseur',
      'Bérénice',
      'Quentin',
      '<script',
    ]) {
      expect(html).not.toContain(secret);
    }
  });

  it('redirects without a preview for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapp?id=987654' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/annonce/show/987654');
  });
});
