import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileFieldsSchema, SaveAnnonceFormSchema, SaveMatchFormSchema } from '@app/domain';
import { multipart } from '../modules/identity/testing/documents';
import { buildAnnonce, buildUser } from '../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../test/helper';

/**
 * Generated from the app's own OpenAPI document: every route, every field (path, query, body), as
 * an anonymous caller, a signed-in user and an admin, with hostile values of every class
 * (docs/security.md, "Input validation"). Whatever the answer, it is never a 5xx. The random part
 * uses a fixed seed, so a failure is the same on every run.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  pattern?: string;
};
type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const HUGE = 'é'.repeat(300_000);
/** One value per class: control characters, size, types, unicode oddities, ranges. */
const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u007f\u0085',
  'ligne\nligne\ttab\r',
  HUGE,
  '\ud800 lone surrogate',
  '\u202etxt.exe\u200b\ufeff',
  '👩🏽‍🔧 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ٣٤',
  '',
  '1e3',
  '-1',
  true,
  1.5,
  0,
  -1,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  1e308,
  null,
  [],
  ['a\u0000', 1],
  {},
  { nested: { deeper: 'x\u0000' } },
  { constructor: { prototype: { polluted: true } } },
];
/** Texts for places that only carry text: a path segment, a query string, a multipart part. */
const HOSTILE_TEXTS = HOSTILE_VALUES.filter((value) => typeof value === 'string').map(String);
/** Random extras: the same on every run (fixed seed). */
const RANDOM_VALUES = fc.sample(
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.jsonValue({ maxDepth: 3 }),
    fc.integer(),
    fc.double(),
  ),
  { seed: 16, numRuns: 6 },
);

/** A path segment; a lone surrogate goes as the invalid UTF-8 a hostile client would send. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `%ED%A0%80${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}`;
  }
}

/** A value the schema accepts, so that the hostile field is the only thing wrong. */
function plausible(schema: JsonSchema | undefined, name: string): unknown {
  if (!schema) return 'a';
  if (schema.enum?.length) return schema.enum[0];
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return plausible(option, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, plausible(child, key)]),
      );
    case 'string':
      if (schema.format === 'email' || /username|email/i.test(name)) return 'someone@example.test';
      if (schema.pattern) return '1';
      return 'a';
    default:
      return 'a';
  }
}

function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  const content = operation.requestBody?.content ?? {};
  return content['application/json']?.schema ?? Object.values(content)[0]?.schema;
}

/** The multipart routes read their parts themselves: their fields come from the domain schemas. */
const MULTIPART_FIELDS: Record<string, { fields: string[]; files: string[] }> = {
  '/annonce/saveAnnonceGrandPublic': {
    fields: Object.keys(SaveAnnonceFormSchema.shape),
    files: ['imagesVehicle[0]', 'carteGriseFile'],
  },
  '/annonce/checkStepBeforeSave': {
    fields: Object.keys(SaveAnnonceFormSchema.shape),
    files: ['imagesVehicle[0]'],
  },
  '/user/updatePublicProfile': {
    fields: Object.keys(ProfileFieldsSchema.in.shape),
    files: ['ribFile'],
  },
  '/user/sendIdentity': { fields: [], files: ['identityRectoFile', 'identityVersoFile'] },
  '/matchAnnonce/saveMatchAnnonceGrandPublic': {
    fields: Object.keys(SaveMatchFormSchema.shape),
    files: ['imagesVehicle[0]'],
  },
};
/** JSON inside a form field: each of its keys gets the hostile values too. */
const JSON_PARTS: Record<string, { field: string; keys: string[] }> = {
  '/annonce/saveAnnonceGrandPublic': {
    field: 'annonce',
    keys: ['licensePlate', 'vin', 'annonceDescription', 'firstnameOwner', 'address', 'brand'],
  },
  '/matchAnnonce/saveMatchAnnonceGrandPublic': {
    field: 'match',
    keys: ['vin', 'color', 'description', 'address', 'vehicleType'],
  },
};

/** Routes a request cannot finish on: the live stream stays open for a valid ticket only. */
const SKIPPED = new Set(['/api-docs', '/lampNotification/live']);

describe('hostile input on every route of the OpenAPI document', () => {
  let t: TestApp;
  let callers: { name: string; user: TestUser | null }[];
  let operations: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await buildUser(t.db);
    const admin = await buildUser(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    // Objects at id 1 and 2 so that "1" reaches the services, not only a "not found".
    await buildAnnonce(t.db, { ownerId: user.id });
    await buildAnnonce(t.db, { ownerId: user.id, status: 'DRAFT' });
    callers = [
      { name: 'anonymous', user: null },
      { name: 'user', user },
      { name: 'admin', user: admin },
    ];
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .filter(() => ![...SKIPPED].some((skipped) => path.startsWith(skipped)))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(caller: TestUser | null, options: InjectOptions) {
    return caller ? t.injectAs(caller, options) : t.app.inject(options);
  }

  function requestsOf(method: string, path: string, operation: Operation): InjectOptions[] {
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((parameter) => parameter.in === 'path');
    const queryParams = parameters.filter((parameter) => parameter.in === 'query');
    const bodySchema = jsonBodySchema(operation);
    const fill = (values: Record<string, string>) =>
      path.replace(/\{(\w+)\}/g, (_all, name: string) => encodeSegment(values[name] ?? '1'));
    const baseQuery = Object.fromEntries(
      queryParams.map((parameter) => [
        parameter.name,
        String(plausible(parameter.schema, parameter.name)),
      ]),
    );
    const baseBody = bodySchema ? (plausible(bodySchema, 'body') as Record<string, unknown>) : {};
    const url = (pathValues: Record<string, string>, query: Record<string, string | string[]>) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        for (const item of [value].flat()) search.append(key, item);
      }
      const text = search.toString();
      return `${fill(pathValues)}${text ? `?${text}` : ''}`;
    };
    const requests: InjectOptions[] = [];
    const withBody = method !== 'GET' && method !== 'DELETE';

    for (const parameter of pathParams) {
      for (const text of HOSTILE_TEXTS) {
        requests.push({ method: method as 'GET', url: url({ [parameter.name]: text }, baseQuery) });
      }
    }
    for (const parameter of queryParams) {
      for (const text of [...HOSTILE_TEXTS, ['a', 'b']]) {
        requests.push({
          method: method as 'GET',
          url: url({}, { ...baseQuery, [parameter.name]: text }),
        });
      }
    }
    if (withBody && bodySchema) {
      for (const field of Object.keys(bodySchema.properties ?? {})) {
        for (const value of [...HOSTILE_VALUES, ...RANDOM_VALUES]) {
          requests.push({
            method: method as 'POST',
            url: url({}, baseQuery),
            payload: { ...baseBody, [field]: value },
          });
        }
      }
    }
    if (withBody) {
      // The whole body of the wrong shape, and as a form.
      for (const payload of [[], 'a\u0000', 42, { ...baseBody, extra: 'x\u0000' }]) {
        requests.push({
          method: method as 'POST',
          url: url({}, baseQuery),
          payload,
        } as InjectOptions);
      }
      requests.push({
        method: method as 'POST',
        url: url({}, baseQuery),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=%00&a=1&b[c]=%01',
      });
    }
    return requests;
  }

  async function multipartRequests(path: string): Promise<InjectOptions[]> {
    const spec = MULTIPART_FIELDS[path];
    if (!spec) return [];
    const requests: InjectOptions[] = [];
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const jsonPart = JSON_PARTS[path];
    for (const text of HOSTILE_TEXTS) {
      for (const field of spec.fields) {
        requests.push({ method: 'POST', url: path, ...(await multipart({ [field]: text })) });
      }
      for (const file of spec.files) {
        requests.push({
          method: 'POST',
          url: path,
          ...(await multipart(
            {},
            { [file]: { name: `photo${text}.png`, type: 'image/png', data: png } },
          )),
        });
      }
    }
    if (jsonPart) {
      for (const key of jsonPart.keys) {
        for (const value of HOSTILE_VALUES) {
          requests.push({
            method: 'POST',
            url: path,
            ...(await multipart({ [jsonPart.field]: JSON.stringify({ [key]: value }) })),
          });
        }
      }
    }
    return requests;
  }

  it(
    'never answers 5xx, whoever calls and whatever they send',
    async () => {
      expect(operations.length).toBeGreaterThan(100);
      const failures: string[] = [];
      let sent = 0;
      for (const { method, path, operation } of operations) {
        const requests = [
          ...requestsOf(method, path, operation),
          ...(method === 'POST' ? await multipartRequests(path) : []),
        ];
        for (const caller of callers) {
          // An anonymous caller stops at the 401 of a protected route: a few requests show it.
          // A user stops at the 403 of a back-office route, an admin at the 403 of the individual
          // ones: each fuzzes its own side in full and the other side with a sample.
          const isBackOffice = path.startsWith('/admin/');
          const full =
            (caller.name === 'user' && !isBackOffice) || (caller.name === 'admin' && isBackOffice);
          const subset = full ? requests : requests.filter((_request, index) => index % 7 === 0);
          for (const request of subset) {
            const res = await send(caller.user, request);
            sent += 1;
            if (res.statusCode >= 500) {
              const payload =
                typeof request.payload === 'string' || request.payload === undefined
                  ? String(request.payload ?? '')
                  : JSON.stringify(request.payload);
              failures.push(
                `${caller.name} ${method} ${String(request.url).slice(0, 120)} ${payload.slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
      expect(sent).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
    20 * 60 * 1000,
  );
});
