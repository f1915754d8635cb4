'use strict';
// A plain node:http webhook receiver on 127.0.0.1 inside the benchmark process. It answers 200 at once and
// records, per delivery, the arrival time (performance.now(), the same clock the sender side uses), the
// product sku carried by the event (product.created payloads) and the integration it was delivered for.
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { listenOnNextPort } = require('./ports');

async function startReceiver() {
  let onDelivery = () => {};
  let received = 0;
  let unparsable = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      received++;
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        unparsable++;
        return;
      }
      onDelivery({ at, event: body.triggered_by, eventId: body.id, integrationId: body.integration?.id, sku: body.payload?.data?.sku });
    });
  });
  server.keepAliveTimeout = 10_000;
  const port = await listenOnNextPort(server);
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** Sets the callback for every parsed delivery (replaces the previous one). */
    setHandler(fn) {
      onDelivery = fn;
    },
    stats: () => ({ received, unparsable }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

module.exports = { startReceiver };
