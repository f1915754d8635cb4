export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A finished response body: interceptors pass it through untouched. */
export class ResponseDocument {
  constructor(readonly body: Record<string, unknown>) {}
}

export function isResponseDocument(value: unknown): value is ResponseDocument {
  return value instanceof ResponseDocument;
}

/** A result with its resolved `included` map, produced by the include interceptor. */
export class WithIncluded<T = unknown> {
  constructor(
    readonly result: T,
    readonly included: Record<string, unknown[]>,
  ) {}
}

/**
 * A page whose resources are already JSON text (built by the database from their wire format): the
 * pagination interceptor wraps it in the envelope without parsing it. `included` holds the JSON array text of
 * each `included` key, in the order they were asked for; `shown` the resources it shows (`type:id`).
 */
export class SerializedPage {
  constructor(
    readonly data: string,
    readonly included: [key: string, json: string][],
    readonly total: number,
    readonly all: number,
    readonly limit: number,
    readonly offset: number,
    readonly shown: string[],
  ) {}
}

/** A finished response body as JSON text, sent as it is. */
export class SerializedDocument {
  constructor(
    readonly json: string,
    readonly shown: string[],
  ) {}
}

/**
 * `{ data, included?, ...more }` around resources already written as JSON text: the members, in the order,
 * that the interceptors write for a result built from rows.
 */
export function serializedDocument(data: string, included: [key: string, json: string][], shown: string[], more: Record<string, unknown> = {}): SerializedDocument {
  const includedMembers = included.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
  const moreMembers = Object.entries(more).map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`).join('');
  return new SerializedDocument(`{"data":${data}${includedMembers ? `,"included":{${includedMembers}}` : ''}${moreMembers}}`, shown);
}
