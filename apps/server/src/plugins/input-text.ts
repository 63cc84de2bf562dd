import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findUnacceptableText, isAcceptableText, TEXT_INVALID_MESSAGE_KEY } from '@app/domain';
import { AppError } from '../lib/app-error';

/** The spec's "403 with invalidField" for a text that breaks the rule of packages/domain/src/shared/input.ts. */
export function unacceptableText(field: string): AppError {
  return new AppError('FIELD_INVALID', {
    invalidField: field || 'body',
    messageKey: TEXT_INVALID_MESSAGE_KEY,
  });
}

/**
 * Throws the 403 when `data` holds a string the text rule refuses; `schema` (the zod schema the
 * data is parsed with next) says which strings are multi-line. For what routes read themselves:
 * multipart fields, JSON inside a form field.
 */
export function assertAcceptableText(data: unknown, schema?: unknown, prefix?: string): void {
  const path = findUnacceptableText(data, schema);
  if (path !== null) throw unacceptableText([prefix, path].filter(Boolean).join('.'));
}

/** A multipart part's field name and file name: single-line text. */
export function assertAcceptablePartNames(part: { fieldname: string; filename?: string }): void {
  if (!isAcceptableText(part.fieldname)) throw unacceptableText('form');
  if (part.filename !== undefined && !isAcceptableText(part.filename)) {
    throw unacceptableText(part.fieldname);
  }
}

function check(data: unknown, schema: unknown) {
  if (data === undefined || data === null) return;
  assertAcceptableText(data, schema);
}

/**
 * Every string of every request (path, query string, body) goes through the domain's text rule
 * before the route's schema runs: a control character is a 403 on that field, never a database
 * error. Multipart bodies are read by their routes, which call assertAcceptableText themselves.
 */
export default fp(
  async function inputTextPlugin(app: FastifyInstance) {
    // A callback hook, not an async one: no promise per request for a check that never waits
    // (a refusal thrown here reaches the error handler all the same).
    app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
      const schema = request.routeOptions.schema as
        { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
      check(request.params, schema?.params);
      check(request.query, schema?.querystring);
      if (!request.isMultipart?.()) check(request.body, schema?.body);
      done();
    });
  },
  { name: 'input-text', dependencies: ['error-handler'] },
);
