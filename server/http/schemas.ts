/** Schemas shared by many routes. */
export const errorSchema = {
  type: 'object',
  properties: {
    response: { type: 'string', enum: ['error'] },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** Error answers every protected route may give, for the OpenAPI document. */
export const protectedErrorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
} as const;
