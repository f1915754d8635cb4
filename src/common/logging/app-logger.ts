import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../../config/app-config';
import { REDACTED, scrubSecrets, SECRET_FIELDS } from './secret-scrubber';

/** Field paths whose values never reach a log line, at the top level and one level down. */
const REDACT = [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`), 'req.headers.authorization', 'req.headers["x-moltin-customer-token"]'];

/**
 * Every line is redacted by field path, then scrubbed as text (secret values and `field: value` pairs inside
 * messages and serialized errors, which field paths cannot reach): see secret-scrubber.ts.
 */
export function createRootLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: undefined, redact: { paths: REDACT, censor: REDACTED }, hooks: { streamWrite: scrubSecrets } }, destination);
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
