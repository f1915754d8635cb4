import { decoyHash, hashPassword, verifyPassword } from '../customers/password-hash';
import { passwordMatches } from './account-member-tokens.service';

describe('passwordMatches', () => {
  const counted = () => {
    const calls: string[] = [];
    return { calls, check: { verifyPassword: (password: string, stored: string) => (calls.push(stored), verifyPassword(password, stored)), decoyHash } };
  };

  it('hashes the password against a decoy for an unknown username, and refuses it', async () => {
    const { calls, check } = counted();
    expect(await passwordMatches('any-password', undefined, check)).toBe(false);
    expect(calls).toEqual([await decoyHash()]);
  });

  it('hashes once against the stored hash for a known username: the right password matches, a wrong one does not', async () => {
    const stored = await hashPassword('right-password');
    const { calls, check } = counted();
    expect(await passwordMatches('right-password', stored, check)).toBe(true);
    expect(await passwordMatches('wrong-password', stored, check)).toBe(false);
    expect(calls).toEqual([stored, stored]);
  });
});
