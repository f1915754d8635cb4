import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Principal } from '../common/http/request-context';
import { BearerTokenResolver, PrincipalResolver } from './principal-resolver.decorator';
import { PrincipalResolvers } from './principal-resolvers';

const principal = (clientId: string): Principal => ({ clientId, grantType: 'implicit', tokenId: `${clientId}-token` });

@PrincipalResolver()
class PrefixedTokens implements BearerTokenResolver {
  async resolve(token: string) {
    return token.startsWith('pre_') ? principal('prefixed') : null;
  }
}

@PrincipalResolver()
class AnyToken implements BearerTokenResolver {
  async resolve(token: string) {
    return token === 'unknown' ? null : principal('any');
  }
}

async function resolvers(...providers: Function[]): Promise<PrincipalResolvers> {
  const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [PrincipalResolvers, ...(providers as any[])] }).compile();
  await moduleRef.init();
  return moduleRef.get(PrincipalResolvers);
}

describe('PrincipalResolvers', () => {
  it('asks each registered resolver in turn until one knows the token', async () => {
    const found = await resolvers(PrefixedTokens, AnyToken);
    expect(await found.resolve('pre_1')).toEqual(principal('prefixed'));
    expect(await found.resolve('other')).toEqual(principal('any'));
    expect(await found.resolve('unknown')).toBeNull();
  });

  it('lets a failing lookup through (a database outage is not a bad token)', async () => {
    @PrincipalResolver()
    class Failing implements BearerTokenResolver {
      resolve(): Promise<Principal | null> {
        return Promise.reject(new Error('database down'));
      }
    }
    await expect((await resolvers(Failing, AnyToken)).resolve('t')).rejects.toThrow('database down');
  });

  it('refuses to start without a resolver, or with one that cannot resolve', async () => {
    await expect(resolvers()).rejects.toThrow('No principal resolver is registered');
    @PrincipalResolver()
    class Bare {}
    await expect(resolvers(Bare)).rejects.toThrow('The principal resolver Bare must be a singleton provider with a resolve(token) method');
  });
});
