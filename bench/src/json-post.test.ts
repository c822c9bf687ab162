import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './json-post.ts';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const routes: Record<string, Handler> = {
  '/echo': (request, body, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({ got: JSON.parse(body), cookie: request.headers.cookie, type: request.headers['content-type'] }),
    );
  },
  '/refused': (_, __, response) => {
    response.statusCode = 403;
    response.end(JSON.stringify({ response: { infoID: 'EGN004' } }));
  },
  // One answer in two writes that split the rupee sign's three bytes: decoded chunk by chunk it would be garbled.
  '/split': (_, __, response) => {
    const bytes = Buffer.from(JSON.stringify({ text: 'price ₹1,234.50' }));
    const cut = bytes.indexOf(0xe2) + 1;
    response.write(bytes.subarray(0, cut));
    setTimeout(() => response.end(bytes.subarray(cut)), 20);
  },
  '/text': (_, __, response) => response.end('Service Unavailable'),
};

let server: Server;
let pool: Pool;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => routes[request.url ?? '']!(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { connections: 2 });
});

afterAll(async () => {
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('postJson', () => {
  it('sends the body as JSON with the given headers and parses the answer', async () => {
    const answer = await postJson<{ got: unknown; cookie: string; type: string }>(
      pool,
      '/echo',
      { cookie: 'sid=abc' },
      JSON.stringify({ request: { data: { qty: '1' } } }),
    );
    expect(answer).toEqual({
      statusCode: 200,
      body: { got: { request: { data: { qty: '1' } } }, cookie: 'sid=abc', type: 'application/json' },
    });
  });

  it('gives the status of an answer that is not 200 with its body', async () => {
    expect(await postJson(pool, '/refused', {}, '{}')).toEqual({
      statusCode: 403,
      body: { response: { infoID: 'EGN004' } },
    });
  });

  it('decodes an answer whole, so a character split between two chunks survives', async () => {
    expect((await postJson<{ text: string }>(pool, '/split', {}, '{}')).body.text).toBe('price ₹1,234.50');
  });

  it('refuses an answer that is not JSON, naming its status and start', async () => {
    await expect(postJson(pool, '/text', {}, '{}')).rejects.toThrow('answer 200 is not JSON: Service Unavailable');
  });

  it('rejects when the server cannot be reached', async () => {
    const nowhere = new Pool('http://127.0.0.1:1');
    await expect(postJson(nowhere, '/echo', {}, '{}')).rejects.toThrow();
    await nowhere.close();
  });
});
