import { Writable } from 'node:stream';
import { createRootLogger } from './app-logger';
import { rememberSecrets, scrubSecrets, urlPassword } from './secret-scrubber';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return { logger: createRootLogger('trace', destination as any), lines };
}

describe('secrets never reach a log line', () => {
  it('redacts secret fields by path, at the top level and one level down', () => {
    const { logger, lines } = capture();
    logger.info({ secretKey: 'structured-secret-1', data: { signing_secret: 'structured-secret-2', name: 'kept' } }, 'update');
    expect(lines.join('\n')).not.toMatch(/structured-secret/);
    expect(lines[0]).toContain('kept');
  });

  it("scrubs `field: value` pairs out of error messages (Prisma writes the whole invocation into the message)", () => {
    const { logger, lines } = capture();
    const prismaMessage =
      'Invalid `prisma.integration.update()` invocation:\n\n{\n  data: {\n    name: null,\n    secretKey: "whsec_not_registered_1",\n' +
      '    signingSecret: "whsec_not_registered_2",\n    previousSigningSecret: \'whsec_not_registered_3\'\n  }\n}\n\nArgument `name` must not be null.';
    const err = Object.assign(new Error(prismaMessage), { code: 'P2000', meta: { args: { data: { secretKey: 'whsec_not_registered_4' } } } });
    logger.error({ err }, 'unexpected error');
    logger.error(prismaMessage);
    const text = lines.join('\n');
    expect(text).not.toMatch(/whsec_not_registered/);
    expect(text).toContain('Argument `name` must not be null');
    expect(text).toContain('[redacted]');
  });

  it('scrubs registered secret values wherever they appear, and bearer tokens and URL passwords', () => {
    const { logger, lines } = capture();
    rememberSecrets('registered-value-0123456789', 'short');
    logger.warn({ detail: 'failed to call https://x.test/?k=registered-value-0123456789' }, 'the key registered-value-0123456789 was refused');
    logger.warn('request with Authorization: Bearer 5c0e73a4ebce7b66cfd5f7274db10b76068a1bb8 failed');
    logger.warn({ err: new Error('connect to postgresql://app:db-password-9@db.internal:5432/shop failed') }, 'database');
    const text = lines.join('\n');
    expect(text).not.toContain('registered-value-0123456789');
    expect(text).not.toContain('5c0e73a4ebce7b66cfd5f7274db10b76068a1bb8');
    expect(text).not.toContain('db-password-9');
    expect(text).toContain('postgresql://app:[redacted]@db.internal');
    // Short values are not scrubbed by value (they would blank ordinary words).
    expect(scrubSecrets('a short word')).toBe('a short word');
  });

  it('finds the password of a connection URL', () => {
    expect(urlPassword('postgresql://u:p%40ss@h/db')).toBe('p@ss');
    expect(urlPassword('postgresql://u@h/db')).toBeUndefined();
    expect(urlPassword(undefined)).toBeUndefined();
  });
});
