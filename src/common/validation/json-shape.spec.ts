import { assertSafeJson, replaceLoneSurrogates, MAX_BODY_DEPTH } from './json-shape';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function sourceOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (err) {
    return (err as { toErrorObjects(): { source?: string }[] }).toErrorObjects()[0].source;
  }
  return undefined;
}

describe('assertSafeJson', () => {
  it('accepts ordinary bodies, arrays included', () => {
    expect(() => assertSafeJson({ name: 'x', price: [{ amount: 1 }], meta: { a: { b: [1, 2] } } }, 'data')).not.toThrow();
  });

  it('accepts nesting up to the limit and refuses one level more, naming the path', () => {
    expect(() => assertSafeJson(nested(MAX_BODY_DEPTH), 'data')).not.toThrow();
    expect(sourceOf(() => assertSafeJson({ extra: nested(MAX_BODY_DEPTH) }, 'data'))).toMatch(/^data\.extra(\.a)+$/);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(sourceOf(() => assertSafeJson(nested(100_000), 'data'))).toMatch(/^data(\.a)+$/);
  });

  it.each(['constructor', '__proto__', 'prototype'])('refuses the key %s wherever it is, naming it', (key) => {
    const body = JSON.parse(`{"price":[{"${key}":{"x":1}}]}`);
    expect(sourceOf(() => assertSafeJson(body, 'data'))).toBe(`data.price.0.${key}`);
  });
});

describe('replaceLoneSurrogates', () => {
  it('replaces unpaired surrogates with U+FFFD in every string, nested and in arrays, and keeps pairs', () => {
    const body = { email: '\u0000\udfff\ud800\udfffx', nested: { list: ['a\ud800', 'ok', 3, null] }, emoji: '😀' };
    replaceLoneSurrogates(body);
    expect(body).toEqual({ email: '\u0000\ufffd\ud800\udfffx', nested: { list: ['a\ufffd', 'ok', 3, null] }, emoji: '😀' });
  });
});
