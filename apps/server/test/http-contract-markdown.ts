/**
 * Renders the server's OpenAPI document as docs/product/http-contract.md: one section per route with
 * who may call it, its parameters, its body fields and its answers. Written by `npm run docs:api`
 * and compared by http-contract.test.ts, so the page cannot drift from the routes.
 */

interface SchemaObject {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: SchemaObject }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: SchemaObject }> }
  >;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A short type for a table cell: "string ≤ 250", "integer ≥ 1", "AB | CD", "array of integer". */
export function describeSchema(schema: SchemaObject | undefined, depth = 0): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' \\| ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const described = [...new Set(variants.map((variant) => describeSchema(variant, depth)))];
    return described.join(' or ');
  }
  if (schema.allOf) return schema.allOf.map((part) => describeSchema(part, depth)).join(' and ');
  const type =
    [schema.type ?? 'any']
      .flat()
      .filter((name) => name !== 'null')
      .join(' or ') || 'null';
  const nullable = [schema.type].flat().includes('null') ? ' (or null)' : '';
  if (type === 'array') return `array of ${describeSchema(schema.items, depth + 1)}${nullable}`;
  if (type === 'object' && schema.properties) {
    if (depth > 0) return `object {${Object.keys(schema.properties).join(', ')}}${nullable}`;
    return `object${nullable}`;
  }
  const limits = [
    schema.format,
    schema.minLength !== undefined ? `≥ ${schema.minLength} chars` : undefined,
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : undefined,
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : undefined,
  ].filter(Boolean);
  return `${type}${limits.length > 0 ? ` (${limits.join(', ')})` : ''}${nullable}`;
}

function fieldRows(schema: SchemaObject | undefined): string[] {
  const properties = schema?.properties;
  if (!properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(properties).map(
    ([name, field]) =>
      `| \`${name}\` | ${describeSchema(field)} | ${required.has(name) ? 'yes' : ''} |`,
  );
}

function bodySchema(operation: Operation): { type: string; schema?: SchemaObject } | undefined {
  const content = operation.requestBody?.content;
  if (!content) return undefined;
  const [type, entry] = Object.entries(content)[0] ?? [];
  return type ? { type, schema: entry?.schema } : undefined;
}

export interface RouteAccess {
  /** "METHOD /url" of every route that needs a session. */
  protectedRoutes: ReadonlySet<string>;
}

/** The OpenAPI path `/annonce/{annonceId}` as Fastify wrote the route, `/annonce/:annonceId`. */
const fastifyUrl = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');

export function renderHttpContract(document: OpenApiDocument, access: RouteAccess): string {
  const lines: string[] = [
    '# The HTTP contract',
    '',
    "Generated from the server's OpenAPI document by `npm run docs:api`; do not edit by hand",
    '(`apps/server/test/http-contract.test.ts` fails when this page and the routes differ). The live',
    'document is served at `/api-docs` by a running server. Error answers share one shape,',
    '`{code, messageKey, invalidField?}`, with the status of each code in',
    '`packages/domain/src/shared/errors.ts`.',
    '',
  ];
  const paths = Object.entries(document.paths ?? {}).sort(([a], [b]) => a.localeCompare(b));
  for (const [path, item] of paths) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const upper = method.toUpperCase();
      const needsSession = access.protectedRoutes.has(`${upper} ${fastifyUrl(path)}`);
      lines.push(`## ${upper} ${path}`, '');
      lines.push(
        needsSession ? 'Needs a session (bearer access token).' : 'Public: no session needed.',
        '',
      );
      if (operation.summary) lines.push(operation.summary, '');
      if (operation.description && operation.description !== operation.summary) {
        lines.push(operation.description, '');
      }
      const parameters = operation.parameters ?? [];
      if (parameters.length > 0) {
        lines.push('| parameter | in | type | required |', '|---|---|---|---|');
        for (const parameter of parameters) {
          lines.push(
            `| \`${parameter.name}\` | ${parameter.in} | ${describeSchema(parameter.schema)} | ${parameter.required ? 'yes' : ''} |`,
          );
        }
        lines.push('');
      }
      const body = bodySchema(operation);
      if (body) {
        const rows = fieldRows(body.schema);
        lines.push(`Body (${body.type}):`, '');
        if (rows.length > 0) lines.push('| field | type | required |', '|---|---|---|', ...rows);
        else lines.push(describeSchema(body.schema));
        lines.push('');
      }
      const responses = Object.entries(operation.responses ?? {});
      if (responses.length > 0) {
        lines.push('| answer | body |', '|---|---|');
        for (const [status, response] of responses) {
          const schema = Object.values(response.content ?? {})[0]?.schema;
          const fields = schema?.properties
            ? Object.keys(schema.properties)
                .map((name) => `\`${name}\``)
                .join(', ')
            : describeSchema(schema);
          lines.push(`| ${status} | ${schema ? fields : (response.description ?? '')} |`);
        }
        lines.push('');
      }
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
