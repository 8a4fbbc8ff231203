import type { FastifySchema } from 'fastify';

/**
 * @fastify/swagger writes one query parameter per property of a route's querystring schema, and
 * for a schema without properties it takes the schema's own keywords as names: the free-form
 * filter params of GET /table/{tableId} and GET /widget/{id} (`{type: 'object',
 * additionalProperties: true}`) came out as parameters `type` and `additionalProperties`. Such a
 * querystring names no parameters, so the document lists none; the summary says what it takes.
 */
export function documentedSchema({ schema, url }: { schema: FastifySchema | undefined; url: string }): { schema: FastifySchema; url: string } {
  const querystring = schema?.querystring as { properties?: unknown } | undefined;
  if (!schema || !querystring || querystring.properties) return { schema: schema ?? {}, url };
  const documented = { ...schema };
  delete documented.querystring;
  return { schema: documented, url };
}
