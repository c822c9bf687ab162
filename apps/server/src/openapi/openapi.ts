import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { APP_VERSION, type CallDef, allCalls } from '@kite/domain';

/** Builds the OpenAPI 3.1 document from the same zod schemas that validate the calls. */
export function buildOpenApiDocument(calls: readonly CallDef[] = allCalls): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const requestData = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' });
    const responseData = z.toJSONSchema(call.response, { io: 'output', unrepresentable: 'any' });
    paths[`/api${call.path}`] = {
      post: {
        summary: call.summary,
        security: call.access === 'public' ? [] : [{ session: [] }],
        'x-access': call.access,
        ...(call.objectIdFields ? { 'x-object-id-fields': call.objectIdFields } : {}),
        parameters: call.needsAppId ? [{ in: 'header', name: 'x-app-id', required: true, schema: { type: 'string' } }] : [],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['request'],
                properties: {
                  request: {
                    type: 'object',
                    required: ['data'],
                    properties: { data: requestData, appVersion: { type: 'string', example: APP_VERSION } },
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'infoID "0" on success; any other infoID is a business answer from the code catalogue',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    response: {
                      type: 'object',
                      properties: {
                        infoID: { type: 'string' },
                        infoMsg: { type: 'string' },
                        data: { anyOf: [responseData, { type: 'null' }] },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kite India broker API', version: APP_VERSION },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
}

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument();
  app.get('/api/docs', async () => document);
}
