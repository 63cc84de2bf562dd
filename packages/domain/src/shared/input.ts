import { z } from 'zod';

/**
 * The input rules every route shares (docs/security.md, "Input validation"): what a text may
 * contain, and what an id is. Defined once here; the server applies the text rule to every string
 * of every request (body, query, path, multipart fields and file names) before any schema runs, and
 * every id of every route goes through `idSchema`.
 */

/** Upper bound of an id: PostgreSQL's `integer`. A larger number is refused, never sent to the database. */
export const MAX_ID = 2_147_483_647;

/** The message key of a refused text (the spec's generic "invalid field"). */
export const TEXT_INVALID_MESSAGE_KEY = 'field.invalid.error';

// C0 controls, DEL and C1 controls; a multi-line text keeps tab, line feed and carriage return.
// Lone UTF-16 surrogates are not text either: they cannot be stored as UTF-8. Matching control
// characters is the point of these expressions.
/* eslint-disable no-control-regex */
const SINGLE_LINE_FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MULTI_LINE_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/* eslint-enable no-control-regex */

/** True when `value` is acceptable text: no control character (multi-line: except tab, CR, LF). */
export function isAcceptableText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

// A check that accepts everything: it only marks a string schema as multi-line. Checks are copied
// to every schema derived with .trim(), .min(), .max()…, so the mark survives the chain.
const MULTILINE_MARK = z.refine<string>(() => true);

/**
 * A text typed in a text area (a description, a comment, a message): the only strings that may hold
 * line breaks and tabs. Every other string of a request is single-line.
 */
export function multilineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).check(MULTILINE_MARK);
}

/** Integer-looking text in a form or a URL: digits only, no sign, no leading zero, no exponent. */
const ID_DIGITS = /^[1-9][0-9]{0,9}$/;

/**
 * An id, in a JSON body, a form body, a query string or a path: a positive integer up to MAX_ID, or
 * the same written in decimal digits (form and URL encodings carry only text). Never a boolean, a
 * float, zero, a negative or a number written any other way ("1e3", " 1", "0x1").
 */
export const idSchema = z.union([
  z.number().int().min(1).max(MAX_ID),
  z.string().regex(ID_DIGITS).transform(Number).pipe(z.number().int().min(1).max(MAX_ID)),
]);

/**
 * The first string in `data` that breaks the text rule, as a dotted path ("" for the value itself),
 * or null. `schema` (the zod schema the data is for) says which strings are multi-line; keys are
 * checked too, as single-line text. Iterative, so deeply nested input cannot exhaust the stack.
 */
export function findUnacceptableText(data: unknown, schema?: unknown): string | null {
  // Paths are parent links, joined only for the answer: copying them at each level would cost
  // the square of the depth.
  type Path = { key: string; parent: Path | null } | null;
  const pathText = (path: Path, last?: string) => {
    const keys: string[] = last === undefined ? [] : [last];
    for (let node = path; node; node = node.parent) keys.push(node.key);
    return keys.reverse().join('.');
  };
  const stack: { value: unknown; path: Path; schemas: unknown[] }[] = [
    { value: data, path: null, schemas: rootSchemas(schema) },
  ];
  while (stack.length > 0) {
    const { value, path, schemas } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isAcceptableText(value, { multiline: allowsLineBreaks(schemas) })) {
        return pathText(path);
      }
    } else if (Array.isArray(value)) {
      const elements = schemas.length === 0 ? schemas : knownChildSchemas(schemas, null);
      value.forEach((item, index) => {
        stack.push({ value: item, path: { key: String(index), parent: path }, schemas: elements });
      });
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (!isAcceptableText(key)) return pathText(path, key);
        stack.push({
          value: item,
          path: { key, parent: path },
          schemas: schemas.length === 0 ? schemas : knownChildSchemas(schemas, key),
        });
      }
    }
  }
  return null;
}

type Def = {
  type?: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  shape?: Record<string, unknown>;
  element?: unknown;
  valueType?: unknown;
  left?: unknown;
  right?: unknown;
  items?: unknown[];
  rest?: unknown;
  getter?: () => unknown;
  catchall?: unknown;
  checks?: unknown[];
};

/*
 * The schema walk is the same for every request of a route: walked again each time, it was 3.7 % of
 * the server's time in the discovery benchmark (issue 20), 8-10 µs for a search form against 2 µs
 * kept. So each list of schemas met is kept with its children and its line rule; the lists being
 * kept, they are the same objects from one request to the next. A route's schemas live as long as
 * the app.
 */
const NO_SCHEMA: unknown[] = [];
const rootLists = new WeakMap<object, unknown[]>();
/** Per list: the keys its object schemas name, and the children of each (null: an element). */
const childLists = new WeakMap<
  unknown[],
  { named: ReadonlySet<string>; children: Map<string | null | typeof UNNAMED, unknown[]> }
>();
const lineRules = new WeakMap<unknown[], boolean>();
/** Every key no object schema names has the same children (catch-alls, records' values). */
const UNNAMED = Symbol('a key the schema does not name');

function rootSchemas(schema: unknown): unknown[] {
  if (schema === undefined) return NO_SCHEMA;
  if (schema === null || typeof schema !== 'object') return [schema];
  let list = rootLists.get(schema);
  if (!list) {
    list = [schema];
    rootLists.set(schema, list);
  }
  return list;
}

function knownChildSchemas(schemas: unknown[], key: string | null): unknown[] {
  let known = childLists.get(schemas);
  if (!known) {
    const named = new Set<string>();
    for (const schema of unwrapAll(schemas)) {
      const def = defOf(schema);
      if (def?.type === 'object') for (const name of Object.keys(def.shape ?? {})) named.add(name);
    }
    known = { named, children: new Map() };
    childLists.set(schemas, known);
  }
  // An attacker's made-up keys all share one entry: they cannot grow the memory.
  const slot = key === null || known.named.has(key) ? key : UNNAMED;
  let list = known.children.get(slot);
  if (!list) {
    list = childSchemas(schemas, slot);
    known.children.set(slot, list);
  }
  return list;
}

/**
 * Multi-line where the schema says multilineText, or where it does not say (no schema, z.unknown(),
 * a passthrough object: the route reads those itself); single-line where it says "string".
 */
function allowsLineBreaks(schemas: unknown[]): boolean {
  let multiline = lineRules.get(schemas);
  if (multiline === undefined) {
    const strings = unwrapAll(schemas).filter((candidate) => defOf(candidate)?.type === 'string');
    multiline =
      strings.length === 0 ||
      strings.some((candidate) => defOf(candidate)?.checks?.includes(MULTILINE_MARK));
    lineRules.set(schemas, multiline);
  }
  return multiline;
}

function defOf(schema: unknown): Def | null {
  const zod = (schema as { _zod?: { def?: Def } } | null)?._zod;
  return zod?.def ?? null;
}

/** Every schema a value may be checked against once wrappers (optional, pipe, union…) are opened. */
function unwrapAll(schemas: unknown[]): unknown[] {
  const seen = new Set<unknown>();
  const out: unknown[] = [];
  const queue = [...schemas];
  while (queue.length > 0) {
    const schema = queue.pop();
    if (!schema || seen.has(schema)) continue;
    seen.add(schema);
    out.push(schema);
    const def = defOf(schema);
    if (!def) continue;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        queue.push(def.innerType);
        break;
      case 'pipe':
        queue.push(def.in, def.out);
        break;
      case 'union':
        queue.push(...(def.options ?? []));
        break;
      case 'intersection':
        queue.push(def.left, def.right);
        break;
      case 'lazy':
        queue.push(def.getter?.());
        break;
    }
  }
  return out;
}

function childSchemas(schemas: unknown[], key: string | null | typeof UNNAMED): unknown[] {
  const children: unknown[] = [];
  for (const schema of unwrapAll(schemas)) {
    const def = defOf(schema);
    if (!def) continue;
    if (key === null) {
      if (def.type === 'array') children.push(def.element);
      if (def.type === 'tuple') children.push(...(def.items ?? []), def.rest);
    } else {
      const shape = def.shape ?? {};
      // Own keys only: "constructor" is not a field of the schema.
      const field = key !== UNNAMED && Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (def.type === 'object') children.push(field ?? def.catchall);
      if (def.type === 'record') children.push(def.valueType);
    }
  }
  return children.filter(Boolean);
}
