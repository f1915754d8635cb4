'use strict';
// Single requests to the server under test (probes, setup through the API, webhook event generation).
// Loopback only. node:http with a keep-alive agent, not fetch: the load generator shares the machine's cores
// with the server, and fetch costs ~3× the client CPU per request here (0.5–0.8 ms vs 0.14–0.24 ms).
const http = require('node:http');

const TIMEOUT_MS = 30_000;

/**
 * `token`: the bearer token to send (default: the server's client-credentials token).
 * @returns {{ request(method, path, body?, headers?), get(path, headers?), post(path, body?), del(path), authHeaders }}
 */
async function apiClient(server, token) {
  token ??= await server.token();
  const authHeaders = { authorization: `Bearer ${token}` };
  const base = new URL(server.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  function request(method, pathQ, body, extraHeaders = {}) {
    const headers = { ...authHeaders, ...extraHeaders };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve) => send(resolve, true));
    function send(resolve, mayRetry) {
      const req = http.request({ host: base.hostname, port: base.port, path: pathQ, method, headers, agent, timeout: TIMEOUT_MS }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (e) => resolve({ status: 0, text: String(e), json: null }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode, text, json });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      req.on('error', (e) => {
        // The server closed an idle keep-alive connection (keepAliveTimeout) just as this request went out on
        // it (a probe capture failed so once): it was not answered, so send it again once on a new connection,
        // as Node's docs advise for a reused socket.
        if (mayRetry && req.reusedSocket && e.code === 'ECONNRESET') return send(resolve, false);
        resolve({ status: 0, text: String(e), json: null });
      });
      req.end(payload);
    }
  }
  return {
    authHeaders,
    request,
    get: (p, headers) => request('GET', p, undefined, headers),
    post: (p, body) => request('POST', p, body),
    del: (p) => request('DELETE', p),
  };
}

/** "GET /x -> 500 {...}" for the skipped list. */
function describeFailure(method, pathQ, res) {
  return `${method} ${pathQ} -> ${res.status} ${res.text.slice(0, 200)}`;
}

module.exports = { apiClient, describeFailure };
