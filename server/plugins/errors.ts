import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ValidationErrorData } from '#contract/api-errors.ts';
import { STATUS } from '#contract/envelope.ts';
import { ApiError } from '../lib/api-error.ts';

function validationAnswer(err: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const context = err.validationContext ?? 'body';
  const fields: ValidationErrorData['fields'] = err.validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
    message: /received undefined$/.test(v.message ?? '') ? 'Required' : (v.message ?? 'Invalid value'),
  }));
  const list = fields.map((f) => `${f.path}: ${f.message}`).join('; ');
  return { status: STATUS.validation, message: `Please correct the request: ${list}.`, data: { fields } };
}

/** Fastify's own client errors, worded for a person and mapped to our stable statuses. */
function frameworkAnswer(err: FastifyError) {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return [413, STATUS.tooLarge, 'The request is too large.'] as const;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [
        415,
        STATUS.unsupportedType,
        'Send the request body as JSON (Content-Type: application/json).',
      ] as const;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, STATUS.validation, 'The request body is not valid JSON.'] as const;
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return [415, STATUS.unsupportedType, 'Send the file as multipart/form-data.'] as const;
    default:
      return [err.statusCode ?? 400, STATUS.validation, err.message] as const;
  }
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      return reply
        .code(err.httpStatus)
        .headers(err.headers)
        .send({ status: err.status, message: err.message, data: err.data });
    }
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(422).send(validationAnswer(err));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const [code, status, message] = frameworkAnswer(err);
      return reply.code(code).send({ status, message, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      status: STATUS.server,
      message: 'Something went wrong on our side. Please try again later.',
      data: null,
    });
  });
});
