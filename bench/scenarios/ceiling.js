'use strict';
// Scenario 1: the ceiling. A bare Express handler (the same Express the service runs on) returning a
// pre-serialized JSON body of the same bytes as scenario 2's response, on 127.0.0.1, same load settings.
// The body is a Buffer made once and Express's own ETag hashing is off: nothing is done per request that a
// server could avoid (a string body would be turned into a new Buffer and hashed on every response).
const http = require('node:http');
const config = require('../lib/config');
const { listenOnNextPort } = require('../lib/ports');
const { measure, brief } = require('../lib/load');

async function runCeiling({ body, log }) {
  const express = require(require.resolve('express', { paths: [config.root] }));
  const app = express();
  app.set('etag', false);
  const bytes = Buffer.from(body);
  app.get('/', (_req, res) => {
    res.type('application/json').send(bytes);
  });
  const srv = http.createServer(app);
  const port = await listenOnNextPort(srv);
  try {
    const res = { ...(await measure(`http://127.0.0.1:${port}/`)), body_bytes: Buffer.byteLength(body) };
    log('ceiling', 'express', brief(res));
    return res;
  } finally {
    srv.closeAllConnections?.();
    await new Promise((r) => srv.close(r));
  }
}

module.exports = { runCeiling };
