import { SerializedDocument, serializedDocument } from './response-document';

describe('SerializedDocument', () => {
  it('writes its pieces as the UTF-8 bytes of the joined text', () => {
    const doc = serializedDocument(['[{"name":"Crème', ' brûlée"}]'], [['products', ['[', ']']]], [], { meta: { n: 1 } });
    const json = doc.parts.join('');
    expect(json).toBe('{"data":[{"name":"Crème brûlée"}],"included":{"products":[]},"meta":{"n":1}}');
    expect(doc.toBuffer().equals(Buffer.from(json))).toBe(true);
    expect(doc.byteLength).toBe(Buffer.byteLength(json));
    expect(new SerializedDocument([], []).toBuffer().length).toBe(0);
  });

  it('joins small pieces into chunks of at least 16 K characters and keeps a larger piece whole', () => {
    const small = Array.from({ length: 3000 }, (_, i) => `,${i}`);
    const large = 'x'.repeat(20_000);
    const chunks = new SerializedDocument(small, []).parts;
    expect(chunks.join('')).toBe(small.join(''));
    expect(chunks.slice(0, -1).every((part) => part.length >= 16 * 1024)).toBe(true);
    expect(chunks.length).toBeLessThan(4);
    const doc = new SerializedDocument(['[', ...small, large, ...small, ']'], []);
    expect(doc.parts.join('')).toBe(['[', ...small, large, ...small, ']'].join(''));
    expect(doc.parts).toContain(large);
    expect(doc.parts.length).toBeLessThan(8);
  });

  it('keeps a piece of 2 K characters or more as a part of its own, between the chunks of small ones', () => {
    const resource = `{"name":"${'x'.repeat(2048)}"}`;
    const doc = new SerializedDocument(['[', resource, ',', resource, ',', '{}', ']'], []);
    expect(doc.parts).toEqual(['[', resource, ',', resource, ',{}]']);
  });
});
