import type { Request } from 'express';
import { PrincipalResolvers } from '../auth/principal-resolvers';
import { CatalogResolver } from '../catalogs/catalog-resolver';
import { KeptAnswer, KeptAnswerSource, ServesKeptAnswers } from '../common/http/kept-answers';
import { ListQueryParser } from '../common/http/list-query.parser';
import { CurrenciesService } from '../currencies/currencies.service';
import { PreparedReads, preparedReadKey } from './prepared-reads';
import { requestCurrency } from './shopper-catalog.presenter';

/**
 * The shopper's catalog reads answered before routing when their answer is kept: the same key as
 * CatalogReads.read (the release the request's context resolves to, its currency, the page length, the links'
 * origin and the URL), for a request the bearer guard would let in. Every `/catalog` route allows storefront
 * (implicit) tokens, so any principal may read what is kept. Misses are answered by ShopperCatalogController.
 */
@ServesKeptAnswers({ path: '/catalog' })
export class KeptCatalogAnswers implements KeptAnswerSource {
  constructor(
    private readonly principals: PrincipalResolvers,
    private readonly resolver: CatalogResolver,
    private readonly currencies: CurrenciesService,
    private readonly listQuery: ListQueryParser,
    private readonly prepared: PreparedReads,
  ) {}

  async find(req: Request): Promise<KeptAnswer | undefined> {
    if (!this.prepared.enabled) return undefined;
    const principal = await this.principals.ofRequest(req);
    if (!principal) return undefined;
    req.principal = principal;
    const resolved = await this.resolver.forRequest(req);
    if (!resolved) return undefined;
    const currency = requestCurrency(req.get('x-moltin-currency'), this.currencies.defaultCurrency());
    return this.prepared.kept(resolved.releaseId, preparedReadKey(req, currency, await this.listQuery.defaultLimit()));
  }
}
