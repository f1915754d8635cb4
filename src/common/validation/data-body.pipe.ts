import { ArgumentMetadata, Body, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { BadRequestError, ValidationFailedError } from '../errors/api-error';
import { assertSafeJson, replaceLoneSurrogates } from './json-shape';

export interface DataBodyOptions {
  /** The whole body (or its `data`) may be missing: the DTO is then validated as `{}`. */
  optional?: boolean;
}

/**
 * Constraints that test a value's JSON type. When one of them fails, the field's other messages (ranges,
 * lengths) would read as if the value had been read: the type's message is the only one given.
 */
const TYPE_CONSTRAINTS = new Set(['isInt', 'isNumber', 'isBoolean', 'isString', 'isArray', 'isObject']);

function flatten(errors: ValidationError[], prefix: string): { detail: string; source: string }[] {
  return errors.flatMap((error) => {
    const path = `${prefix}.${error.property}`;
    const messages = Object.values(error.constraints ?? {});
    // null where the field cannot hold it fails every constraint too: one plain message.
    if (error.value === null && messages.length > 0) return [{ source: path, detail: `${path} must not be null` }];
    // A missing field fails every constraint at once ("must be a string", "shorter than…"): say it once.
    const missing = error.value === undefined && messages.length > 0;
    const typeMessages = Object.entries(error.constraints ?? {}).filter(([name]) => TYPE_CONSTRAINTS.has(name)).map(([, message]) => message);
    const chosen = missing
      ? [messages.find((m) => m.includes('required')) ?? `${error.property} is required`]
      : typeMessages.length > 0
        ? typeMessages
        : messages;
    const own = chosen.map((message) => ({
      source: path,
      detail: message.startsWith(error.property) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`,
    }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Unwraps `{"data": {...}}` and validates it against the parameter's DTO class.
 * Unknown fields are dropped (Elastic Path ignores them); every failure is a 400 whose `source` names the field.
 */
@Injectable()
export class DataBodyPipe implements PipeTransform {
  constructor(private readonly options: DataBodyOptions = {}) {}

  async transform(body: unknown, metadata: ArgumentMetadata) {
    const empty = body === undefined || body === null || (isPlainObject(body) && Object.keys(body).length === 0);
    if (empty && !this.options.optional) {
      throw new BadRequestError('The request body must be a JSON object with a "data" member', 'data');
    }
    if (!empty && !isPlainObject(body)) throw new BadRequestError('The request body must be a JSON object', 'data');
    const data = empty ? {} : (body as Record<string, unknown>).data;
    if (data === undefined && this.options.optional) return this.validate({}, metadata);
    if (!isPlainObject(data)) throw new BadRequestError('"data" must be a JSON object', 'data');
    return this.validate(data, metadata);
  }

  private async validate(data: Record<string, unknown>, metadata: ArgumentMetadata) {
    const metatype = metadata.metatype;
    assertSafeJson(data, 'data');
    replaceLoneSurrogates(data);
    if (!metatype || metatype === Object) return data;
    const instance = plainToInstance(metatype, data, { enableImplicitConversion: false, exposeDefaultValues: true });
    const errors = await validate(instance as object, { whitelist: true, forbidNonWhitelisted: false, forbidUnknownValues: false });
    if (errors.length) throw new ValidationFailedError(flatten(errors, 'data'));
    return instance;
  }
}

/** What `@DataBody()` records on its route's handler: the DTO its body is validated against. */
export const DATA_BODY = 'commerce:data-body';
export interface DataBodyDeclaration {
  dto: Function;
  optional: boolean;
}

/**
 * `@DataBody() body: CreateThingDto` — the validated content of the request's `data` member. The handler
 * records its DTO (`DATA_BODY`), from which the OpenAPI document derives the request schema.
 */
export const DataBody =
  (options: DataBodyOptions = {}): ParameterDecorator =>
  (target, key, index) => {
    Body(new DataBodyPipe(options))(target, key, index);
    if (key === undefined) return;
    const dto = (Reflect.getMetadata('design:paramtypes', target, key) as Function[] | undefined)?.[index];
    const handler = (target as Record<string | symbol, unknown>)[key];
    if (dto && dto !== Object && typeof handler === 'function') {
      Reflect.defineMetadata(DATA_BODY, { dto, optional: options.optional === true } satisfies DataBodyDeclaration, handler);
    }
  };
