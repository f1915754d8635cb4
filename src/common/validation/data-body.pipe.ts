import { ArgumentMetadata, Body, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { BadRequestError, ValidationFailedError } from '../errors/api-error';
import { assertSafeJson, isPlainObject, replaceLoneSurrogates } from './json-shape';

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
    const checked = await validatedAgainst(metatype, data, 'data');
    if (Array.isArray(checked)) throw new ValidationFailedError(checked);
    return checked;
  }
}

/**
 * `data` (an object already checked to be safe JSON) as an instance of `dto`, or the failures, each with its
 * `source` under `prefix` (`data`, `data[2]`). Unknown members are dropped, or (`closed`) refused.
 */
export async function validatedAgainst(dto: Function, data: Record<string, unknown>, prefix: string, closed = false): Promise<object | { detail: string; source: string }[]> {
  const instance = plainToInstance(dto as new () => object, data, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: closed, forbidUnknownValues: false });
  return errors.length ? flatten(errors, prefix) : instance;
}

/** What `@DataBody()` records on its route's handler: the DTO its body is validated against. */
export const DATA_BODY = 'commerce:data-body';
export interface DataBodyDeclaration {
  /** The DTO each object of `data` is validated against (the request schema is named after it). */
  dto: Function;
  optional: boolean;
  /** The route's pipe: it reads a whole body as the route does. */
  pipe: PipeTransform;
  /** `data` is an array of such objects (`@DataListBody()`). */
  list?: DataListOptions;
  /** The request body's schema when it is neither `{data: <dto>}` nor a list of them, derived from DTOs by its declarer. */
  body?: () => Record<string, unknown>;
  /** The name of the request body's schema, when it is not the DTO's. */
  name?: string;
}

/** How many elements `@DataListBody()` takes, and what else `data` may be. */
export interface DataListOptions {
  minItems: number;
  maxItems: number;
  /** `data` may also be one element (an object) instead of an array of them. */
  orOne?: boolean;
  /** `data` may also be `null` (an empty list, for a to-many relationship that replaces). */
  orNull?: boolean;
  /** A member the element's DTO (or a nested one) does not declare is refused, not dropped. */
  closed?: boolean;
}

/** Records a body's declaration on its handler (see DATA_BODY). */
export function declareDataBody(target: object, key: string | symbol | undefined, declaration: DataBodyDeclaration): void {
  if (key === undefined) return;
  const handler = (target as Record<string | symbol, unknown>)[key];
  if (typeof handler === 'function') Reflect.defineMetadata(DATA_BODY, declaration, handler);
}

/**
 * `@DataBody() body: CreateThingDto` — the validated content of the request's `data` member. The handler
 * records its DTO (`DATA_BODY`), from which the OpenAPI document derives the request schema.
 */
export const DataBody =
  (options: DataBodyOptions = {}): ParameterDecorator =>
  (target, key, index) => {
    const pipe = new DataBodyPipe(options);
    Body(pipe)(target, key, index);
    if (key === undefined) return;
    const dto = (Reflect.getMetadata('design:paramtypes', target, key) as Function[] | undefined)?.[index];
    if (dto && dto !== Object) declareDataBody(target, key, { dto, optional: options.optional === true, pipe });
  };
