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
 * How a document's pieces are written and hashed. Small pieces are joined into chunks of about CHUNK_CHARS (an
 * orders page has two pieces for each formatted price: one write or hash update each would cost more than the
 * text). A piece of at least ALONE_CHARS (an included category with its product list, a few KB) stays a part of
 * its own: joining it would only copy it, and a page's ~200 KB of copies, made on every uncached request, is what
 * kept the young generation of the heap full enough that requests in flight outlived it.
 */
const CHUNK_CHARS = 16 * 1024;
const ALONE_CHARS = 2 * 1024;

function chunked(pieces: JsonParts): string[] {
  const chunks: string[] = [];
  let chunk = '';
  for (const piece of pieces) {
    if (piece.length >= ALONE_CHARS) {
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
  /** The text in chunks of up to about CHUNK_CHARS characters; a piece of ALONE_CHARS or more is a chunk of its own. */
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

/**
 * A document whose UTF-8 bytes are already made (a kept answer): its one part is that Buffer itself, so sending it
 * allocates no copy (a string part would be encoded into a new Buffer on every response: memory outside the heap
 * that V8 counts towards its next full collection, see docs/performance.md).
 */
class BytesDocument extends SerializedDocument {
  constructor(private readonly bytes: Buffer) {
    super([], []);
    // The socket takes a Buffer where the document's writer passes a part.
    (this as { parts: JsonParts }).parts = [bytes as unknown as string];
  }

  override get byteLength(): number {
    return this.bytes.length;
  }

  override toBuffer(): Buffer {
    return this.bytes;
  }
}

export function bytesDocument(bytes: Buffer): SerializedDocument {
  return new BytesDocument(bytes);
}
