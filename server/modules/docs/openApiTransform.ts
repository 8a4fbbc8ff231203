import type { FastifySchema, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body as the API document describes it, where the route validates it itself (a declared
     * resource's schema from common/, its bounds from the field kinds): Fastify does not compile it.
     */
    documentedBody?: Record<string, unknown>;
  }
}

/**
 * @fastify/swagger writes one query parameter per property of a route's querystring schema, and
 * for a schema without properties it takes the schema's own keywords as names: the free-form
 * filter params of GET /table/{tableId} and GET /widget/{id} (`{type: 'object',
 * additionalProperties: true}`) came out as parameters `type` and `additionalProperties`. Such a
 * querystring names no parameters, so the document lists none; the summary says what it takes.
 * A route's `documentedBody` is the body the document shows.
 */
export function documentedSchema({ schema, url, route }: { schema: FastifySchema | undefined; url: string; route?: RouteOptions }): { schema: FastifySchema; url: string } {
  const documentedBody = (route?.config as { documentedBody?: Record<string, unknown> } | undefined)?.documentedBody;
  const withBody = documentedBody ? { ...schema, body: documentedBody } : schema;
  const querystring = withBody?.querystring as { properties?: unknown } | undefined;
  if (!withBody || !querystring || querystring.properties) return { schema: withBody ?? {}, url };
  const documented = { ...withBody };
  delete documented.querystring;
  return { schema: documented, url };
}
