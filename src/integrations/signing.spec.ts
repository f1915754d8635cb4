import { Webhook } from 'standardwebhooks';
import { generateSigningSecret, signingKey, signPayload } from './signing';

describe('Standard Webhooks signing', () => {
  it('matches the standard-webhooks "sign function works" vector', () => {
    const sig = signPayload('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(sig).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('uses the UTF-8 bytes of a secret without the whsec_ prefix', () => {
    expect(signingKey("It's a Secret to Everybody").toString('utf8')).toBe("It's a Secret to Everybody");
    const ts = Math.floor(Date.now() / 1000);
    const body = '{"a":"é"}';
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': signPayload('plain sécret', 'evt_1', ts, body) };
    expect(new Webhook(Buffer.from('plain sécret', 'utf8'), { format: 'raw' }).verify(body, headers)).toEqual({ a: 'é' });
  });

  it('generates 32-byte whsec_ secrets the reference library accepts', () => {
    const secret = generateSigningSecret();
    expect(signingKey(secret)).toHaveLength(32);
    const ts = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'id1', 'webhook-timestamp': String(ts), 'webhook-signature': signPayload(secret, 'id1', ts, '{}') };
    expect(new Webhook(secret).verify('{}', headers)).toEqual({});
    expect(() => new Webhook(generateSigningSecret()).verify('{}', headers)).toThrow();
  });
});
