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
