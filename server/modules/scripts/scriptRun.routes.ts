import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { scripts } from '../../db/schema';
import { errorBody, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { scriptFailure } from '../../sandbox/scriptHttp';
import { SCRIPT_LIMITS } from '../../sandbox/sandbox';
import type { RunResult } from '../../sandbox/sandboxTypes';

const tags = ['script'];

const inputSchema = { type: 'object', additionalProperties: true } as const;

const runAnswerSchema = {
  type: 'object',
  properties: {
    // Whatever JSON the script returned.
    value: {},
    logs: { type: 'array', items: { type: 'string' } },
    durationMs: { type: 'number' },
  },
} as const;

const runErrorSchema = {
  type: 'object',
  properties: {
    ...errorSchema.properties,
    kind: { type: 'string' },
    line: { type: ['integer', 'null'] },
    logs: { type: 'array', items: { type: 'string' } },
    durationMs: { type: 'number' },
  },
} as const;

/**
 * The Script management screen's run preview (DESIGN §7): `{value, logs, durationMs}`, or the
 * mapped error (scriptHttp.ts) with the error's kind, line and the logs written before it failed.
 */
function answer(reply: FastifyReply, result: RunResult) {
  if (result.ok) return { value: result.value, logs: result.logs, durationMs: result.durationMs };
  const failure = scriptFailure(result.error);
  return reply.status(failure.statusCode).send({
    ...errorBody(failure.message, failure.errors),
    kind: result.error.kind,
    line: result.error.line,
    logs: result.logs,
    durationMs: result.durationMs,
  });
}

export async function scriptRunRoutes(app: FastifyInstance) {
  app.post<{ Body: { code: string; input?: Record<string, unknown> } }>(
    '/script/run',
    {
      config: { access: { permission: 'manage-script' } },
      schema: {
        tags,
        summary: 'Run script code in the sandbox against live data as the caller (run preview)',
        body: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string', maxLength: SCRIPT_LIMITS.maxCodeChars }, input: inputSchema },
        },
        response: { 200: runAnswerSchema, 400: runErrorSchema, 422: runErrorSchema, 429: runErrorSchema, 503: runErrorSchema, 504: runErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await app.services.scripts.run({ code: request.body.code, kind: 'preview', input: request.body.input ?? {}, user: currentUser(request) });
      return answer(reply, result);
    },
  );

  app.post<{ Params: { id: string }; Body: { input?: Record<string, unknown> } | undefined }>(
    '/script/:id/run',
    {
      config: { access: { permission: 'manage-script' } },
      schema: {
        tags,
        summary: 'Run a stored script in the sandbox as the caller',
        params: idParamsSchema,
        body: { type: ['object', 'null'], additionalProperties: false, properties: { input: inputSchema } },
        response: { 200: runAnswerSchema, 400: runErrorSchema, 404: errorSchema, 422: runErrorSchema, 429: runErrorSchema, 503: runErrorSchema, 504: runErrorSchema },
      },
    },
    async (request, reply) => {
      const [script] = await app.services.db.select({ code: scripts.code }).from(scripts).where(eq(scripts._id, request.params.id));
      if (!script) throw notFound('Script not found');
      const result = await app.services.scripts.run({ code: script.code, kind: 'preview', input: request.body?.input ?? {}, user: currentUser(request) });
      return answer(reply, result);
    },
  );
}
