'use strict';
// Listening on 127.0.0.1 at the next port of the harness's range (BENCH_PORT, 39100 up), skipping busy ones.
const config = require('./config');

/** Makes `server` (node:http / Express's) listen on the next free port; resolves with the port. */
async function listenOnNextPort(server, attempts = 5) {
  for (let i = 1; ; i++) {
    const port = config.allocatePort();
    try {
      await new Promise((resolve, reject) => {
        const onError = (e) => reject(e);
        server.once('error', onError);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', onError);
          resolve();
        });
      });
      return port;
    } catch (e) {
      if (e.code !== 'EADDRINUSE' || i >= attempts) throw e;
    }
  }
}

module.exports = { listenOnNextPort };
