import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@app/domain';
import { notifications, savedSearches, storedFiles } from '../db/schema/index';
import { buildAnnonce, buildUser } from '../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../test/helper';

/**
 * Generated from the route table (docs/security.md, "Authorization tests"). The 401 of every
 * protected route for an anonymous caller is plugins/auth.test.ts; here: every route that names
 * an object (a path parameter, or a body field ending in "Id"), called by another user with the
 * owner's object, answers 403 or 404; every back-office route refuses each individual role and
 * serves each admin role; an admin role cannot act on another admin.
 */

type Kind = 'annonce' | 'savedSearch' | 'notification' | 'file' | 'user' | 'catalog' | 'none';

/**
 * What each id of each route designates. A route that gains an id and is not listed here fails the
 * "classifies" test, so that its access check gets a test the day it is written.
 */
function kindOf(url: string, field: string): Kind | undefined {
  if (url.startsWith('/admin/')) return 'none'; // back office: see the role tests below
  // Catalogue ids in search criteria: the catalogue is shared by everyone, no owner to protect.
  if (/(VehicleType|Brand|Model|ModelFinish|HigherCategory|toggledElement)Ids?$/i.test(field)) {
    return 'catalog';
  }
  // Payment routes need a full body to reach their owner check: payments.routes.test.ts has it.
  if (url.includes('Stripe') || url.includes('RewardSupplement') || field === 'paymentIntentId') {
    return 'none';
  }
  // The papers form is multipart: annonce-documents.routes.test.ts calls it as another user.
  if (url.startsWith('/annonce/addDocuments/')) return 'none';
  // The match report named when closing is checked against the announcement, which is the owner's:
  // annonce-found.routes.test.ts; the mail's link is public, its signed token is the proof.
  if (field === 'matchReportId') return 'none';
  if (url.startsWith('/files/')) return 'file';
  if (url.startsWith('/savedSearch/') || field === 'savedSearchId') return 'savedSearch';
  if (url.startsWith('/lampNotification/') && field === 'id') return 'notification';
  if (field === 'annonceId' || field === 'annonceIds') return 'annonce';
  if (url.startsWith('/annonce/') && field === 'id') return 'annonce';
  if (/^(vehicleTypeId|brandId|modelId|id|higherFilterIds|subFilterToFilterIds)$/.test(field)) {
    // The catalogue is shared by everyone: no owner to protect.
    if (/^\/(brand|model|modelFinish|vehicleType|search)\//.test(url)) return 'catalog';
  }
  if (field === 'userId' && url.startsWith('/forgotPassword/')) return 'user';
  return undefined;
}

const ID_FIELD = /(^id$|Id$|Ids$)/;

/** The other required fields of routes whose body must be whole to reach the owner check. */
const REQUIRED_BODY: Record<string, Record<string, unknown>> = {
  '/annonce/declareFound': { foundBy: 'OWNER' },
  '/annonce/policeReport': { policeReportNumber: 'PV-2026-001' },
};

describe('authorization, generated from the route table', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const objects: Record<Exclude<Kind, 'none' | 'catalog' | 'user'>, number> = {
    annonce: 0,
    savedSearch: 0,
    notification: 0,
    file: 0,
  };
  let routes: {
    method: string;
    url: string;
    idFields: { where: 'path' | 'body'; name: string }[];
  }[];

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t.db);
    stranger = await buildUser(t.db);
    // A draft: only its owner may see it, whatever the route.
    objects.annonce = (await buildAnnonce(t.db, { ownerId: owner.id, status: 'DRAFT' })).id;
    const [search] = await t.db
      .insert(savedSearches)
      .values({ userId: owner.id, name: 'Vélos rouges', criteriaKey: 'authorization-test' })
      .returning({ id: savedSearches.id });
    objects.savedSearch = search!.id;
    const [notification] = await t.db
      .insert(notifications)
      .values({
        userId: owner.id,
        type: 'ADMIN_NOTIFICATION',
        objectType: 'User',
        createdAt: t.clock.now(),
      })
      .returning({ id: notifications.id });
    objects.notification = notification!.id;
    const [file] = await t.db
      .insert(storedFiles)
      .values({
        ownerId: owner.id,
        storageKey: 'private/test/identity.pdf',
        originalFileName: 'identité.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
        visibility: 'private',
      })
      .returning({ id: storedFiles.id });
    objects.file = file!.id;

    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { in: string; name: string }[];
            requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
          }
        >
      >;
    };
    routes = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => {
          const pathIds = (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => ({ where: 'path' as const, name: parameter.name }));
          const content = operation.requestBody?.content ?? {};
          const properties = Object.keys(
            content['application/json']?.schema?.properties ??
              Object.values(content)[0]?.schema?.properties ??
              {},
          );
          const bodyIds = properties
            .filter((name) => ID_FIELD.test(name))
            .map((name) => ({ where: 'body' as const, name }));
          return { method: method.toUpperCase(), url: path, idFields: [...pathIds, ...bodyIds] };
        }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('classifies every id of every route', () => {
    const unclassified = routes.flatMap((route) =>
      route.idFields
        .filter((field) => kindOf(route.url, field.name) === undefined)
        .map((field) => `${route.method} ${route.url} ${field.where}:${field.name}`),
    );
    expect(unclassified).toEqual([]);
  });

  it("answers 403 or 404 to another user on every route that names the owner's object", async () => {
    const leaks: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const field of route.idFields) {
        const kind = kindOf(route.url, field.name);
        if (!kind || kind === 'none' || kind === 'catalog' || kind === 'user') continue;
        const id = objects[kind];
        const value = field.name.endsWith('Ids') ? String(id) : id;
        const url = route.url.replace(/\{(\w+)\}/g, (_all, name: string) =>
          name === field.name ? String(id) : '1',
        );
        const options: InjectOptions = {
          method: route.method as 'GET',
          url,
          ...(field.where === 'body'
            ? { payload: { ...(REQUIRED_BODY[route.url] ?? {}), [field.name]: value } }
            : {}),
        };
        const res = await t.injectAs(stranger, options);
        checked += 1;
        // A file link without a signature is refused to everyone alike (404).
        if (![403, 404].includes(res.statusCode)) {
          // The only other honest answer: a list of the caller's own objects (never the owner's).
          const ownOnly =
            res.statusCode === 200 && !res.body.includes(`"annonceId":${objects.annonce}`);
          if (!(route.url.startsWith('/matchAnnonce/getMyMatchForAnnonce') && ownOnly)) {
            leaks.push(`${route.method} ${route.url} ${field.name}=${id} → ${res.statusCode}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });

  it('lets the owner reach their own objects on the same routes', async () => {
    const mine = await t.injectAs(owner, { method: 'GET', url: `/annonce/${objects.annonce}` });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.injectAs(stranger, {
      method: 'GET',
      url: `/annonce/${objects.annonce}`,
    });
    expect(theirs.statusCode).toBe(404);
    const deleted = await t.injectAs(owner, {
      method: 'DELETE',
      url: `/savedSearch/${objects.savedSearch}`,
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses every back-office route to each individual role, and serves each admin role', async () => {
    const individualRoles = ROLES.filter((role) => !role.includes('ADMIN'));
    const adminRoles: Role[] = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'];
    const people = new Map<Role, TestUser>();
    for (const role of ROLES) people.set(role, await buildUser(t.db, { roles: [role] }));
    const backOffice = routes.filter(
      (route) => route.url.startsWith('/admin/api/') || route.url === '/admin/impersonate',
    );
    expect(backOffice.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of backOffice) {
      const url = route.url.replace(/\{kind\}/, 'brand').replace(/\{\w+\}/g, '999999');
      for (const role of individualRoles) {
        const res = await t.injectAs(people.get(role)!, {
          method: route.method as 'GET',
          url,
          payload: {},
        });
        if (res.statusCode !== 403)
          wrong.push(`${role} ${route.method} ${route.url} → ${res.statusCode}`);
      }
      for (const role of adminRoles) {
        const res = await t.injectAs(people.get(role)!, {
          method: route.method as 'GET',
          url,
          payload: {},
        });
        if ([401, 403].includes(res.statusCode) && route.url !== '/admin/impersonate') {
          wrong.push(`${role} ${route.method} ${route.url} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps each admin role off another admin account', async () => {
    const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const superAdmin = await buildUser(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    for (const [actor, target] of [
      [admin, superAdmin],
      [superAdmin, admin],
    ] as const) {
      for (const [url, payload] of [
        [`/admin/api/user/${target.id}/lock`, { locked: true, reason: 'test' }],
        [`/admin/api/user/${target.id}/lampions`, { points: 10, reason: 'test' }],
        [`/admin/api/user/${target.id}/impersonate`, {}],
        [`/admin/api/user/${target.id}/delete`, {}],
        ['/admin/impersonate', { userId: target.id }],
      ] as const) {
        const res = await t.injectAs(actor, { method: 'POST', url, payload });
        expect(res.statusCode, `${actor.roles[0]} ${url}`).toBe(403);
      }
    }
  });
});
