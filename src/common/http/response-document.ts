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

/** JSON text in pieces to be written one after the other: a page's ~200 KB is never joined into one more copy. */
export type JsonParts = readonly string[];

/**
 * A page whose resources are already JSON text (built by the database from their wire format): the
 * pagination interceptor wraps it in the envelope without parsing it. `included` holds the JSON array text of
 * each `included` key, in the order they were asked for; `shown` the resources it shows (`type:id`).
 */
export class SerializedPage {
  constructor(
    readonly data: JsonParts,
    readonly included: [key: string, json: JsonParts][],
    readonly total: number,
    readonly all: number,
    readonly limit: number,
    readonly offset: number,
    readonly shown: string[],
  ) {}
}

/**
 * Pieces are joined up to this many characters: a page of many small pieces (an orders page has two for each
 * formatted price) is then written and hashed a chunk at a time, not a piece at a time.
 */
const CHUNK_CHARS = 16 * 1024;

function chunked(pieces: JsonParts): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const piece of pieces) {
    if (piece.length >= CHUNK_CHARS) {
      if (chunk) chunks.push(chunk);
      chunks.push(piece);
      chunk = '';
      continue;
    }
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      chunks.push(chunk);
      chunk = '';
    }
  }
  if (chunk) chunks.push(chunk);
  return chunks;
}

/** A finished response body as JSON text, sent as it is. */
export class SerializedDocument {
  /** The text in chunks of about CHUNK_CHARS characters; a larger piece is a chunk of its own. */
  readonly parts: JsonParts;

  constructor(
    pieces: JsonParts,
    readonly shown: string[],
  ) {
    this.parts = chunked(pieces);
  }

  /** The length of the UTF-8 text, in bytes. */
  get byteLength(): number {
    let length = 0;
    for (const part of this.parts) length += Buffer.byteLength(part);
    return length;
  }

  /** The UTF-8 bytes, each piece written straight into one buffer. */
  toBuffer(): Buffer {
    const bytes = Buffer.allocUnsafe(this.byteLength);
    let offset = 0;
    for (const part of this.parts) offset += bytes.write(part, offset);
    return bytes;
  }
}

/**
 * `{ data, included?, ...more }` around resources already written as JSON text: the members, in the order,
 * that the interceptors write for a result built from rows.
 */
export function serializedDocument(data: JsonParts, included: [key: string, json: JsonParts][], shown: string[], more: Record<string, unknown> = {}): SerializedDocument {
  const parts = ['{"data":', ...data];
  included.forEach(([key, json], i) => parts.push(`${i === 0 ? ',"included":{' : ','}${JSON.stringify(key)}:`, ...json));
  if (included.length) parts.push('}');
  for (const [key, value] of Object.entries(more)) parts.push(`,${JSON.stringify(key)}:${JSON.stringify(value)}`);
  parts.push('}');
  return new SerializedDocument(parts, shown);
}
