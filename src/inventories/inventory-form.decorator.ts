import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import { isMultiLocation, MULTI_LOCATION_HEADER } from './multi-location';
import type { InventoryForm } from './stock.service';

/** The shape the request asks for: `multi` with `EP-Inventories-Multi-Location: true`, else `basic`. */
export const RequestedForm = createParamDecorator((_: unknown, ctx: ExecutionContext): InventoryForm =>
  isMultiLocation(ctx.switchToHttp().getRequest<Request>().headers[MULTI_LOCATION_HEADER]) ? 'multi' : 'basic',
);

/** Documents the header that chooses between the two shapes. */
export const ApiMultiLocationHeader = () =>
  applyDecorators(
    ApiHeader({
      name: 'EP-Inventories-Multi-Location',
      required: false,
      schema: { type: 'string', enum: ['true', 'false'] },
      description: '`true`: stock and transactions in the multi-location shape (`attributes`, `locations`); otherwise the basic shape',
    }),
  );
