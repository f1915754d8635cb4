import { ApiError } from '../common/errors/api-error';
import { basicClientCredentials } from './basic-client-credentials';

const header = (raw: string) => `Basic ${Buffer.from(raw).toString('base64')}`;

describe('basicClientCredentials', () => {
  it('reads id and secret; a secret may contain colons', () => {
    expect(basicClientCredentials(header('id:se:cret'))).toEqual([{ clientId: 'id', clientSecret: 'se:cret' }]);
    expect(basicClientCredentials(`basic   ${Buffer.from('id:secret').toString('base64')}`)).toEqual([{ clientId: 'id', clientSecret: 'secret' }]);
  });

  it('also offers the form-decoded reading when it differs (RFC 6749 asks clients to form-encode)', () => {
    expect(basicClientCredentials(header('my%20id:a+b%3Ac'))).toEqual([
      { clientId: 'my%20id', clientSecret: 'a+b%3Ac' },
      { clientId: 'my id', clientSecret: 'a b:c' },
    ]);
    // Not valid percent-encoding: only the reading as sent.
    expect(basicClientCredentials(header('id:100%'))).toEqual([{ clientId: 'id', clientSecret: '100%' }]);
  });

  it('leaves other schemes and a missing header alone', () => {
    expect(basicClientCredentials(undefined)).toBeUndefined();
    expect(basicClientCredentials('Bearer abc')).toBeUndefined();
    expect(basicClientCredentials('Basically')).toBeUndefined();
  });

  it.each(['Basic', 'Basic !!!', header('no-colon'), header(':secret'), header('id:'), `Basic ${'A'.repeat(3000)}`])('refuses %s with a 400 naming the header', (value) => {
    let error: unknown;
    try {
      basicClientCredentials(value);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).toErrorObjects()[0].source).toBe('Authorization');
  });
});
