import { Injectable, Param, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../errors/api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A path id that is not a UUID cannot name anything: 404 with the resource's name, never a database error. */
@Injectable()
export class ResourceIdPipe implements PipeTransform<string, string> {
  constructor(private readonly resource: string) {}

  transform(value: string): string {
    if (!isUuid(value)) throw new NotFoundError(this.resource);
    return value.toLowerCase();
  }
}

/** `@ResourceId('orderId', 'Order') orderId: string` */
export const ResourceId = (param: string, resource: string) => Param(param, new ResourceIdPipe(resource));
