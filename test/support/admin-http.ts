import type { TestApp } from './test-app';

/** POST under `/v2` with the client-credentials token; without a body it still says JSON, as the SDK does. */
export function adminPost(t: TestApp, path: string, body?: object) {
  const req = t.http.post(`/v2${path}`).set(t.admin);
  return body ? req.send(body) : req.set('Content-Type', 'application/json');
}

/** GET under `/v2` with the client-credentials token. */
export function adminGet(t: TestApp, path: string) {
  return t.http.get(`/v2${path}`).set(t.admin);
}
