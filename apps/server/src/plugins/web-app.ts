import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; every unknown non-API path gets index.html so the client router decides (404 page included). */
export async function webAppPlugin(app: FastifyInstance): Promise<void> {
  const dist = app.config.webDist;
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built; run npm run build -w @kite/web');
    return;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const file = path.join(dist, path.normalize(url));
    if (file.startsWith(dist) && url !== '/' && existsSync(file) && !url.endsWith('/')) return reply.sendFile(path.relative(dist, file));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
