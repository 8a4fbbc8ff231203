import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Bodies are validated as sent: no type coercion (a number is not a username) and no silent
 * dropping of unknown fields (STYLE: answer 400 instead). Query strings and path parameters are
 * text by nature, so those are coerced to the declared types.
 */
export function installValidators(app: FastifyInstance) {
  const strict = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  const lenient = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: true, strict: false });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : lenient.compile(schema),
  );
}
