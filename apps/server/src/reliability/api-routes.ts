import type { TestApp } from '../test/harness.ts';

/** A JSON Schema node as z.toJSONSchema writes it (the subset the battery reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
}

/** One call of the OpenAPI document: its path under /api, who may make it and the JSON Schema of its request data. */
export interface ApiRoute {
  path: string;
  access: 'public' | 'session' | 'otp-pending';
  request: JsonSchema;
  /** The contract's own list of fields naming the client's objects (`x-object-id-fields`). */
  objectIdFields: readonly string[];
}

interface OpenApiOperation {
  'x-access': ApiRoute['access'];
  'x-object-id-fields'?: string[];
  requestBody: {
    content: { 'application/json': { schema: { properties: { request: { properties: { data: JsonSchema } } } } } };
  };
}

/** Every call of the OpenAPI document served by the running app at /api/docs. */
export async function apiRoutes(t: TestApp): Promise<ApiRoute[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
  const document = response.json() as { paths: Record<string, { post: OpenApiOperation }> };
  return Object.entries(document.paths).map(([path, { post }]) => ({
    path: path.replace(/^\/api/, ''),
    access: post['x-access'],
    request: post.requestBody.content['application/json'].schema.properties.request.properties.data,
    objectIdFields: post['x-object-id-fields'] ?? [],
  }));
}

/**
 * The rule for "this field names an object": a property name ending in id/Id/ID/No after a lower-case letter or on
 * its own (orderId, watchId, clientId1, uniqueId, id, orderNo, userid), at any depth, array items written `[]`.
 */
export const OBJECT_ID_NAME = /(^|[a-z])(id|Id|ID|No)\d*$/;

/** Dotted paths of the request properties whose names match OBJECT_ID_NAME, plus the contract's objectIdFields. */
export function idFieldsOf(route: ApiRoute): string[] {
  const found = new Set<string>(route.objectIdFields);
  const walk = (schema: JsonSchema | undefined, prefix: string): void => {
    if (!schema) return;
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      const path = `${prefix}${name}`;
      if (OBJECT_ID_NAME.test(name)) found.add(path);
      walk(child, `${path}.`);
    }
    for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(option, prefix);
    if (schema.items) walk(schema.items, `${prefix}[].`);
  };
  walk(route.request, '');
  return [...found].sort();
}
