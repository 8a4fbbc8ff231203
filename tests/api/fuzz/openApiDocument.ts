/** The parts of an OpenAPI 3 document the fuzzer reads: every operation with its inputs. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}

interface ParameterObject {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As the document writes it: /api/asset/{id}. */
  path: string;
  /** As Fastify registers it: /api/asset/:id. */
  routeUrl: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; null when the document names no JSON body. */
  body: JsonSchema | null;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

export const operationKey = (op: Pick<Operation, 'method' | 'routeUrl'>) => `${op.method} ${op.routeUrl}`;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const of = (where: ParameterObject['in']) =>
        parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' } }));
      operations.push({
        method: method.toUpperCase(),
        path,
        routeUrl: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: of('path'),
        queryParams: of('query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** A body schema that says which fields it takes (not just `{type: 'object'}`). */
export const hasDeclaredFields = (schema: JsonSchema | null): schema is JsonSchema =>
  Boolean(schema?.properties && Object.keys(schema.properties).length > 0);
