import { ConfigError, loadAppConfig } from './app-config';

describe('loadAppConfig: metrics port and Redis', () => {
  it('leaves both unset by default', () => {
    const config = loadAppConfig({});
    expect(config.metricsPort).toBeUndefined();
    expect(config.rateLimit.redisUrl).toBeUndefined();
  });

  it('reads METRICS_PORT, which must differ from PORT', () => {
    expect(loadAppConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadAppConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadAppConfig({ METRICS_PORT: 'abc' })).toThrow('METRICS_PORT must be an integer');
  });

  it('reads a redis:// or rediss:// REDIS_URL, and never echoes a bad one (it may hold a password)', () => {
    expect(loadAppConfig({ REDIS_URL: 'redis://:secret@cache:6379/0' }).rateLimit.redisUrl).toBe('redis://:secret@cache:6379/0');
    expect(loadAppConfig({ REDIS_URL: 'rediss://cache:6380' }).rateLimit.redisUrl).toBe('rediss://cache:6380');
    let message = '';
    try {
      loadAppConfig({ REDIS_URL: 'http://user:hunter2@cache' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('REDIS_URL must be a redis:// or rediss:// URL');
  });
});

describe('loadAppConfig: prepared statements', () => {
  it('keeps 16 page statements prepared per connection by default, 0 for none, and refuses anything else', () => {
    expect(loadAppConfig({}).database.preparedStatements).toBe(16);
    expect(loadAppConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).database.preparedStatements).toBe(0);
    expect(() => loadAppConfig({ DATABASE_PREPARED_STATEMENTS: 'many' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
    expect(() => loadAppConfig({ DATABASE_PREPARED_STATEMENTS: '-1' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });
});

describe('loadAppConfig: HTTPS', () => {
  it('serves HTTP unless both files are named', () => {
    expect(loadAppConfig({}).https).toBeUndefined();
    expect(() => loadAppConfig({ HTTPS_CERT_FILE: '/tmp/cert.pem' })).toThrow('HTTPS_CERT_FILE and HTTPS_KEY_FILE must be set together');
    expect(() => loadAppConfig({ HTTPS_KEY_FILE: '/tmp/key.pem' })).toThrow(ConfigError);
  });

  it('names a file it cannot read, and files that are no certificate and key', () => {
    expect(() => loadAppConfig({ HTTPS_CERT_FILE: '/nonexistent/cert.pem', HTTPS_KEY_FILE: '/nonexistent/key.pem' })).toThrow(
      'HTTPS_CERT_FILE cannot be read: /nonexistent/cert.pem (ENOENT)',
    );
    expect(() => loadAppConfig({ HTTPS_CERT_FILE: __filename, HTTPS_KEY_FILE: __filename })).toThrow(/cannot serve HTTPS: they are not a PEM certificate/);
  });
});
