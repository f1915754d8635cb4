import { deserializeError, serializeError } from './embedded-protocol';

describe('errors across the embedded database thread', () => {
  it('keeps an Error\'s name, message and PostgreSQL fields', () => {
    const thrown = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    const error = deserializeError(serializeError(thrown));
    expect(error.message).toBe('relation "x" does not exist');
    expect((error as Error & { code?: string }).code).toBe('42P01');
  });

  it('names what a thrown value that is not an Error says, never "[object Object]"', () => {
    expect(deserializeError(serializeError({ message: 'Invalid FS bundle size' })).message).toBe('Invalid FS bundle size');
    const described = deserializeError(serializeError({ name: 'ExitStatus', status: 1 })).message;
    expect(described).not.toContain('[object Object]');
    expect(described).toContain('ExitStatus');
    expect(described).toContain('status: 1');
    expect(deserializeError(serializeError('plain text')).message).toBe('plain text');
  });
});
