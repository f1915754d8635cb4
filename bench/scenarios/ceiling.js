'use strict';
// Scenario 1: the ceilings, on 127.0.0.1 with the same load settings as the server's scenarios.
// - Express: a bare Express handler (the same Express the service runs on) returning the bytes of scenario 2's
//   response. The body is a Buffer made once and Express's own ETag hashing is off: nothing is done per request
//   that a server could avoid (a string body would be turned into a new Buffer and hashed on every response).
// - node:http: `http.createServer` writing the head and the bytes of one endpoint's response (a Buffer made once),
//   nothing else; one per uncached read, each with that endpoint's bytes. The uncached reads are judged against it.
const http = require('node:http');
const config = require('../lib/config');
const { listenOnNextPort } = require('../lib/ports');
const { measure, brief } = require('../lib/load');

/** The bare node:http server of the ceiling: every request answers 200 with `bytes` (not yet listening). */
function nodeHttpServer(bytes) {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length };
  return http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(bytes);
  });
}

function expressServer(bytes) {
  const express = require(require.resolve('express', { paths: [config.root] }));
  const app = express();
  app.set('etag', false);
  app.get('/', (_req, res) => {
    res.type('application/json').send(bytes);
  });
  return http.createServer(app);
}

/** Listens on the next harness port and measures GET / like any other scenario. */
async function measureServer(srv, body, label, log) {
  const port = await listenOnNextPort(srv);
  try {
    const res = { ...(await measure(`http://127.0.0.1:${port}/`)), body_bytes: Buffer.byteLength(body) };
    log('ceiling', label, brief(res));
    return res;
  } finally {
    srv.closeAllConnections?.();
    await new Promise((r) => srv.close(r));
  }
}

async function runCeiling({ body, log }) {
  return measureServer(expressServer(Buffer.from(body)), body, 'express', log);
}

async function runNodeHttpCeiling({ body, name, log }) {
  return measureServer(nodeHttpServer(Buffer.from(body)), body, `node:http ${name}`, log);
}

module.exports = { runCeiling, runNodeHttpCeiling, nodeHttpServer };
