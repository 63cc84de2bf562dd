import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/**
 * Turns every error into the wire shape { code, messageKey, invalidField? }. 5xx details stay in
 * the log; the client only learns that something failed.
 */
export default fp(
  async function errorHandlerPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.reportable) request.log.error({ err: error }, 'request failed');
        return reply.status(error.status).send(error.toBody());
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        // instancePath is "/vehicleTypeId" for a body or query field: the spec's invalidField.
        const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
        const body = new AppError(
          'VALIDATION_FAILED',
          field ? { invalidField: field } : {},
        ).toBody();
        return reply.status(400).send(body);
      }

      const status = error.statusCode ?? 500;
      if (status === 429) return reply.status(429).send(new AppError('TOO_MANY_REQUESTS').toBody());
      if (status === 413) return reply.status(413).send(new AppError('PAYLOAD_TOO_LARGE').toBody());
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type, and the like: the client's mistake, said plainly.
        request.log.info({ err: error }, 'bad request');
        return reply.status(status).send(new AppError('VALIDATION_FAILED', { status }).toBody());
      }

      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(new AppError('INTERNAL').toBody());
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(new AppError('ROUTE_NOT_FOUND').toBody());
    });
  },
  { name: 'error-handler' },
);
