import type { z } from 'zod';
import {
  isOffThreadSchema,
  parseAnswerText,
  type AnswerCheckReply,
  type AnswerCheckRequest,
} from './off-thread-schema';

/** The worker's global scope, as far as checking answers needs it. */
export interface AnswerCheckScope {
  postMessage(message: AnswerCheckReply): void;
  addEventListener(type: 'message', listener: (event: { data: AnswerCheckRequest }) => void): void;
}

/**
 * The answer check worker's side (app/answer-check.worker.ts): checks the answers the page sends
 * against the off-thread schemas declared in `declarations` (the features' answer schema modules),
 * each schema's code fetched once, when first named.
 */
export function serveAnswerChecks(scope: AnswerCheckScope, declarations: readonly object[]) {
  const loaders = new Map<string, () => Promise<z.ZodType>>();
  for (const declaration of declarations) {
    for (const schema of Object.values(declaration)) {
      if (isOffThreadSchema(schema)) loaders.set(schema.offThreadKey, schema.load);
    }
  }
  const loading = new Map<string, Promise<z.ZodType>>();
  const schemaNamed = (key: string) => {
    const load = loaders.get(key);
    if (!load) return null;
    let schema = loading.get(key);
    if (!schema) {
      schema = load();
      loading.set(key, schema);
      // Offline before it was ever fetched: the next answer tries again.
      schema.catch(() => loading.delete(key));
    }
    return schema;
  };

  const reply = (message: AnswerCheckReply) => {
    try {
      scope.postMessage(message);
    } catch (error) {
      // An answer the schema made into something that cannot be posted: the page checks it.
      scope.postMessage({ id: message.id, outcome: 'unavailable', detail: String(error) });
    }
  };

  async function check(request: AnswerCheckRequest) {
    const schema = schemaNamed(request.key);
    if (request.id === undefined) {
      // Only asked to get the schema ready while the request travels.
      schema?.catch(() => undefined);
      return;
    }
    const { id } = request;
    if (!schema) {
      reply({ id, outcome: 'unknown-key', detail: request.key });
      return;
    }
    let loaded: z.ZodType;
    try {
      loaded = await schema;
    } catch (error) {
      reply({ id, outcome: 'unavailable', detail: String(error) });
      return;
    }
    let data: unknown;
    try {
      data = parseAnswerText(request.text, request.isJson);
    } catch (error) {
      reply({ id, outcome: 'mismatch', issues: String(error) });
      return;
    }
    const parsed = loaded.safeParse(data);
    reply(
      parsed.success
        ? { id, outcome: 'checked', data: parsed.data }
        : { id, outcome: 'mismatch', issues: parsed.error.issues },
    );
  }

  scope.addEventListener('message', (event) => {
    void check(event.data);
  });
}
