import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../../config/app-config';

/** Keys whose values never reach a log line. */
const REDACT = [
  'client_secret',
  'secret_key',
  'access_token',
  'authorization',
  'password',
  '*.client_secret',
  '*.secret_key',
  '*.access_token',
  '*.authorization',
  '*.password',
  'req.headers.authorization',
  'req.headers["x-moltin-customer-token"]',
];

export function createRootLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: undefined, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}

/** Routes Nest's own log calls into the structured JSON logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
