// One JSON POST through undici's dispatch API, for the load generators. `Pool.request` hands every answer over as a
// Readable stream; the dispatch handler gets its bytes as they arrive and parses them once at the end, and the
// order-entry generator spent about an eighth less CPU an order this way (bench/README.md, session 31). The generator
// runs on the machine it measures, so what it spends is taken from the server and the database.
import type { Dispatcher } from 'undici';

export interface JsonAnswer<T> {
  statusCode: number;
  body: T;
}

export function postJson<T>(
  dispatcher: Dispatcher,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<JsonAnswer<T>> {
  return new Promise((resolve, reject) => {
    let statusCode = 0;
    const chunks: Buffer[] = [];
    dispatcher.dispatch(
      { method: 'POST', path, headers: { ...headers, 'content-type': 'application/json' }, body },
      {
        onRequestStart() {},
        onResponseStart(_controller, status) {
          statusCode = status;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          // Decoded once, whole: a character may be split between two chunks.
          const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
          try {
            resolve({ statusCode, body: JSON.parse(text) as T });
          } catch (error) {
            reject(new Error(`answer ${statusCode} is not JSON: ${text.slice(0, 200)}`, { cause: error }));
          }
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      },
    );
  });
}
