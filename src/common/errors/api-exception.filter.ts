import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorObject } from './api-error';
import { statusInForm } from './api-family';
import { RouteFamilies } from './route-families';
import { toApiError } from './to-api-error';
import { ROOT_LOGGER, RootLogger } from '../logging/logging.module';

/** An error object as written: `status` a number or, in the families that say so, a string. */
export type WireErrorObject = Omit<ErrorObject, 'status'> & { status: number | string };

/** The one place that writes `{"errors":[...]}` for every failure, expected or not. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    private readonly families: RouteFamilies,
  ) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const { status, errors, headers } = this.describe(exception, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.status(status).json({ errors });
  }

  /** The answer to `exception` on `req`'s path: its status, headers and error objects in the path's family's form. */
  describe(exception: unknown, req: Request): { status: number; errors: WireErrorObject[]; headers: Record<string, string> } {
    const { status, errors, headers } = this.classify(exception, req);
    const form = this.families.familyOf((req.originalUrl ?? req.url ?? '').split('?')[0]).errorStatus;
    return { status, headers, errors: errors.map((error) => statusInForm(error, form)) };
  }

  private classify(exception: unknown, req: Request): { status: number; errors: ErrorObject[]; headers: Record<string, string> } {
    const apiError = toApiError(exception);
    if (apiError) {
      if (apiError.status >= 500) {
        this.logger.warn({ request_id: req.id, status: apiError.status, err: exception }, apiError.detail);
      }
      return { status: apiError.status, errors: apiError.toErrorObjects(), headers: apiError.extraHeaders };
    }
    this.logger.error({ request_id: req.id, err: exception }, 'unexpected error');
    return {
      status: 500,
      headers: {},
      errors: [
        {
          status: 500,
          title: 'Internal Server Error',
          detail: 'There was an internal server error, you can report with your request id.',
          request_id: req.id,
        },
      ],
    };
  }
}
