#!/usr/bin/env node
// npm run key:reset — for a store whose generated API key was lost: revokes every API key and its access
// tokens, creates a new key pair and prints it once. Run it with the server stopped when the database is a
// PGlite data directory (the server owns it). Refused when CLIENT_ID/CLIENT_SECRET are set: change those.
'use strict';
const { loadProjectModule: load } = require('./lib/load-project-module');

async function main() {
  const { loadAppConfig } = load('config/app-config');
  const { resetApiKey } = load('auth/key-reset');
  const { created, revoked } = await resetApiKey(loadAppConfig(), (msg) => console.log(msg));
  console.log(
    [
      `Revoked ${revoked.length} API key(s) and their access tokens.`,
      '',
      '  A new API key pair was created. It is shown only this once; store it now.',
      `    client_id:     ${created.clientId}`,
      `    client_secret: ${created.clientSecret}`,
      '',
    ].join('\n'),
  );
}

// EX_CONFIG for a configuration to change, EX_TEMPFAIL for a data directory a running process owns.
const EXIT_CODES = { ConfigError: 78, KeyFromConfigurationError: 78, DataDirectoryInUseError: 75 };

main().catch((e) => {
  const code = EXIT_CODES[e?.constructor?.name];
  console.error(code ? e.message : e);
  process.exit(code ?? 1);
});
