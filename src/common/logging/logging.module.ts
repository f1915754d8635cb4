import { Global, Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AppConfig } from '../../config/app-config';
import { createRootLogger } from './app-logger';

/** Injection token of the root pino logger. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
export type RootLogger = Logger;

@Global()
@Module({
  providers: [{ provide: ROOT_LOGGER, inject: [AppConfig], useFactory: (config: AppConfig) => createRootLogger(config.logLevel) }],
  exports: [ROOT_LOGGER],
})
export class LoggingModule {}
