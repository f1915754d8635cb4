'use strict';
// Single requests to the server under test (probes, setup through the API). Loopback only.

/** @returns {{ request(method, path, body?), get(path), post(path, body?), del(path), authHeaders }} */
async function apiClient(server) {
  const token = await server.token();
  const authHeaders = { authorization: `Bearer ${token}` };
  async function request(method, pathQ, body) {
    const headers = { ...authHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const r = await fetch(server.base + pathQ, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30000),
      });
      const text = await r.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: r.status, text, json };
    } catch (e) {
      return { status: 0, text: String(e), json: null };
    }
  }
  return {
    authHeaders,
    request,
    get: (p) => request('GET', p),
    post: (p, body) => request('POST', p, body),
    del: (p) => request('DELETE', p),
  };
}

/** "GET /x -> 500 {...}" for the skipped list. */
function describeFailure(method, pathQ, res) {
  return `${method} ${pathQ} -> ${res.status} ${res.text.slice(0, 200)}`;
}

module.exports = { apiClient, describeFailure };
