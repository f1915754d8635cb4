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
});
