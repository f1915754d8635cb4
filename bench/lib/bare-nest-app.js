'use strict';
// The reference `npm run bench:restart` measures beside the server: a bare NestJS application (Express, one
// module, one controller answering GET /health) started by plain Node.js, on the same machine in the same run.
// It is what a NestJS start costs before any of the server's own work. PORT and HOST as the server reads them.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

class HealthController {
  health() {
    return { status: 'ok' };
  }
}
Get()(HealthController.prototype, 'health', Object.getOwnPropertyDescriptor(HealthController.prototype, 'health'));
Controller('health')(HealthController);

class BareModule {}
Module({ controllers: [HealthController] })(BareModule);

async function main() {
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(Number(process.env.PORT || 3000), process.env.HOST || '127.0.0.1');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
