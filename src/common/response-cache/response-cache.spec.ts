import { AppConfig } from '../../config/app-config';
import { ResponseCache } from './response-cache';

function cacheOf(bytes: number) {
  return new ResponseCache({ responseCacheBytes: bytes } as AppConfig);
}

describe('ResponseCache', () => {
  it('keeps a body stored in the current generation', () => {
    const cache = cacheOf(1024 * 1024);
    cache.set('k', cache.generation, { bytes: Buffer.from('{"data":[]}'), etag: '"e"' });
    expect(cache.get('k')?.bytes.toString()).toBe('{"data":[]}');
  });

  it('does not keep a body read before a change (it may be stale)', () => {
    const cache = cacheOf(1024 * 1024);
    const started = cache.generation;
    cache.invalidate();
    cache.set('k', started, { bytes: Buffer.from('old'), etag: '"e"' });
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops everything on a change', () => {
    const cache = cacheOf(1024 * 1024);
    cache.set('a', cache.generation, { bytes: Buffer.from('1'), etag: '"e"' });
    cache.set('b', cache.generation, { bytes: Buffer.from('2'), etag: '"e"' });
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('serves and stores nothing while suspended, and starts empty on resume', () => {
    const cache = cacheOf(1024 * 1024);
    cache.set('a', cache.generation, { bytes: Buffer.from('1'), etag: '"e"' });
    cache.suspend();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', cache.generation, { bytes: Buffer.from('2'), etag: '"e"' });
    cache.resume();
    expect(cache.size).toBe(0);
  });

  it('stays within its byte budget, evicting the least recently used', () => {
    const cache = cacheOf(1000);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, cache.generation, { bytes: Buffer.from('x'.repeat(200)), etag: '"e"' });
    expect(cache.size).toBeLessThanOrEqual(4);
    expect(cache.get('k9')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
  });

  it('is off with a budget of 0', () => {
    const cache = cacheOf(0);
    cache.set('a', cache.generation, { bytes: Buffer.from('1'), etag: '"e"' });
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops only the documents that show a changed resource', () => {
    const cache = cacheOf(1024 * 1024);
    cache.set('list', cache.generation, { bytes: Buffer.from('1'), etag: '"e"', resources: ['product:a', 'product:b'] });
    cache.set('b', cache.generation, { bytes: Buffer.from('2'), etag: '"e"', resources: ['product:b'] });
    cache.set('c', cache.generation, { bytes: Buffer.from('3'), etag: '"e"', resources: ['product:c'] });
    cache.invalidateResource('product:a');
    expect(cache.get('list')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('does not keep a read that shows a resource dropped while it ran, and keeps one that does not', () => {
    const cache = cacheOf(1024 * 1024);
    const started = cache.generation;
    cache.invalidateResource('product:a');
    cache.set('shows-a', started, { bytes: Buffer.from('1'), etag: '"e"', resources: ['product:a'] });
    cache.set('shows-b', started, { bytes: Buffer.from('2'), etag: '"e"', resources: ['product:b'] });
    expect(cache.get('shows-a')).toBeUndefined();
    expect(cache.get('shows-b')).toBeDefined();
    cache.invalidate();
    cache.set('after-full-drop', started, { bytes: Buffer.from('3'), etag: '"e"', resources: ['product:b'] });
    expect(cache.get('after-full-drop')).toBeUndefined();
  });
});
