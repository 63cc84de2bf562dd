import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { describeSchema, renderHttpContract, type OpenApiDocument } from './http-contract-markdown';

const contractPage = path.resolve(import.meta.dirname, '../../../docs/product/http-contract.md');

describe('docs/product/http-contract.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
  });

  const render = () => {
    const protectedRoutes = new Set(
      t.app.protectedRoutes.flatMap((route) =>
        route.methods.map((method) => `${method} ${route.url}`),
      ),
    );
    return renderHttpContract(t.app.swagger() as OpenApiDocument, { protectedRoutes });
  };

  // Once is enough: the routes are the same on either database.
  it.runIf(inject('testDatabase') === 'pglite')(
    'is what the routes say (npm run docs:api rewrites it)',
    async () => {
      const page = render();
      if (process.env.UPDATE_HTTP_CONTRACT === '1') await fs.writeFile(contractPage, page);
      expect(await fs.readFile(contractPage, 'utf8')).toBe(page);
    },
  );

  it('names who may call each route', () => {
    const page = render();
    expect(page).toMatch(/## POST \/api\/login\n\nPublic: no session needed\./);
    expect(page).toMatch(/## GET \/user\/getProfile\n\nNeeds a session \(bearer access token\)\./);
  });
});

describe('schema summaries', () => {
  it('reads limits, enums, arrays and nullable types', () => {
    expect(describeSchema({ type: 'string', maxLength: 250 })).toBe('string (≤ 250 chars)');
    expect(describeSchema({ type: 'integer', minimum: 1 })).toBe('integer (≥ 1)');
    expect(describeSchema({ enum: ['A', 'B'] })).toBe('"A" \\| "B"');
    expect(describeSchema({ type: 'array', items: { type: 'integer' } })).toBe('array of integer');
    expect(describeSchema({ type: ['string', 'null'] })).toBe('string (or null)');
    expect(describeSchema({ anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe(
      'string or number',
    );
  });
});
