import { AppConfig } from '../config/app-config';
import type { Principal } from '../common/http/request-context';
import { AccessTokensRepository } from './access-tokens.repository';
import { BearerTokenResolver, PrincipalResolver } from './principal-resolver.decorator';
import { hashToken, randomToken } from './secret-hash';

export type GrantType = 'client_credentials' | 'implicit';

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires: number;
  expires_in: number;
  identifier: GrantType;
}

const CACHE_MAX = 10_000;
const CACHE_TTL_MS = 30_000;

/** Issues the access tokens of `POST /oauth/access_token` and resolves them, client_credentials and implicit alike. */
@PrincipalResolver()
export class AccessTokensService implements BearerTokenResolver {
  /** Token hash → principal. Saves one query per request; entries never outlive the token. */
  private readonly cache = new Map<string, { principal: Principal; validUntil: number }>();

  constructor(
    private readonly config: AppConfig,
    private readonly tokens: AccessTokensRepository,
  ) {}

  async issue(clientDbId: string, grantType: GrantType): Promise<IssuedToken> {
    const token = randomToken(20);
    const ttl = this.config.auth.tokenTtlSeconds;
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + ttl * 1000);
    await this.tokens.create({ tokenHash: hashToken(token), clientId: clientDbId, grantType, expiresAt });
    return {
      identifier: grantType,
      token_type: 'Bearer',
      expires_in: ttl,
      expires: Math.floor(expiresAt.getTime() / 1000),
      access_token: token,
    };
  }

  /** The principal behind an access token, or null when it is unknown or expired. */
  async resolve(token: string): Promise<Principal | null> {
    if (!token || token.length > 512) return null;
    const hash = hashToken(token);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.validUntil > now) return cached.principal;
    if (cached) this.cache.delete(hash);
    const row = await this.tokens.findByHash(hash);
    if (!row || row.expiresAt.getTime() <= now) return null;
    const principal: Principal = { clientId: row.client.clientId, grantType: row.grantType as GrantType, tokenId: row.id };
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(hash, { principal, validUntil: Math.min(row.expiresAt.getTime(), now + CACHE_TTL_MS) });
    return principal;
  }
}
