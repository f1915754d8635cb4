// A webhook receiver that checks the `X-MOLTIN-SECRET-KEY` header, as receivers written for Elastic
// Path do. Commerce API sends the header only when the integration has a `configuration.secret_key`.
// Run it on its own:
//
//   SECRET_KEY='my secret key' PORT=4000 node docs/examples/secret-key-receiver.js
//
// The header proves only that the sender knows the secret; it does not cover the body. Prefer the
// signature (standard-webhooks-receiver.js) when you can.
const http = require('node:http');
const { createHash, timingSafeEqual } = require('node:crypto');

/** Compares in constant time: hashing first gives both sides the same length. */
function sameSecret(received, expected) {
  const digest = (value) => createHash('sha256').update(String(value)).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** An HTTP server that answers 204 to a delivery carrying the right secret key and 401 to anything else. */
function createSecretKeyReceiver({ secretKey, onEvent }) {
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const received = req.headers['x-moltin-secret-key'];
      if (typeof received !== 'string' || !sameSecret(received, secretKey)) {
        res.writeHead(401).end();
        return;
      }
      try {
        await onEvent(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(204).end();
      } catch {
        res.writeHead(500).end(); // not handled: Commerce API retries the delivery
      }
    });
  });
}

module.exports = { createSecretKeyReceiver };

if (require.main === module) {
  const server = createSecretKeyReceiver({
    secretKey: process.env.SECRET_KEY,
    onEvent: (event) => console.log(event.triggered_by, event.attempt, JSON.stringify(event.payload.data)),
  });
  server.listen(Number(process.env.PORT || 4000), () => console.log(`receiving on port ${server.address().port}`));
}
