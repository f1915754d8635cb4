// A webhook receiver that verifies Commerce API deliveries with the `standardwebhooks` package
// (npm install standardwebhooks). Run it on its own:
//
//   SIGNING_SECRET=whsec_... PORT=4000 node docs/examples/standard-webhooks-receiver.js
//
// SIGNING_SECRET is the integration's `configuration.secret_key`, or, when you set none, the
// `configuration.signing_secret` the create response returned.
const http = require('node:http');
const { Webhook } = require('standardwebhooks');

/** A `whsec_` secret is base64 after the prefix; any other secret_key signs with its UTF-8 bytes. */
function webhookFor(secret) {
  return secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
}

/**
 * An HTTP server that answers 204 to a verified delivery and 401 to anything else. `onEvent(event)` runs
 * once per event: delivery is at least once, so a delivery whose `webhook-id` was already handled is
 * acknowledged without running it again (keep that record in your database in production).
 */
function createStandardWebhooksReceiver({ secret, onEvent }) {
  const webhook = webhookFor(secret);
  const handled = new Set();
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      // Verify the exact bytes received: parsing and re-serialising the JSON would change them.
      const body = Buffer.concat(chunks).toString('utf8');
      let event;
      try {
        event = webhook.verify(body, req.headers);
      } catch {
        res.writeHead(401).end();
        return;
      }
      const id = req.headers['webhook-id'];
      try {
        if (!handled.has(id)) {
          await onEvent(event);
          handled.add(id);
        }
        res.writeHead(204).end();
      } catch {
        res.writeHead(500).end(); // not handled: Commerce API retries the delivery
      }
    });
  });
}

module.exports = { createStandardWebhooksReceiver };

if (require.main === module) {
  const server = createStandardWebhooksReceiver({
    secret: process.env.SIGNING_SECRET,
    onEvent: (event) => console.log(event.triggered_by, event.attempt, JSON.stringify(event.payload.data)),
  });
  server.listen(Number(process.env.PORT || 4000), () => console.log(`receiving on port ${server.address().port}`));
}
