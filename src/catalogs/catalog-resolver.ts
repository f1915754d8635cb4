import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Request } from 'express';
import { ListenConnection } from '../common/database/listen-connection';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { PrismaService } from '../prisma/prisma.service';
import { MatchableRule, pickRule, ShopperContext } from './rule-matching';

export type { ShopperContext } from './rule-matching';

export interface ResolvedRelease {
  catalogId: string;
  releaseId: string;
  ruleId: string | null;
}

/** Channel the triggers on catalogs, catalog_rules and catalog_releases NOTIFY on every committed change. */
export const CATALOG_RELEASES_CHANNEL = 'commerce_catalog_releases';

interface PublishedCatalog {
  catalogId: string;
  releaseId: string;
  firstPublishedAt: Date;
}

/** What resolving reads: every rule, and each catalog's latest published release. */
export interface ResolverState {
  rules: MatchableRule[];
  published: Map<string, PublishedCatalog>;
  /** The catalog shoppers see when no rule matches: the first one published. */
  fallback: PublishedCatalog | null;
}

const EP_CHANNEL = 'ep-channel';
const EP_CONTEXT_TAG = 'ep-context-tag';

/**
 * Which published release a shopper sees. Rules and latest releases are kept in memory and dropped on every
 * committed change of catalogs, rules or releases (NOTIFY, from any replica) and after writes of this process;
 * while the LISTEN connection is down nothing is kept.
 */
@Injectable()
export class CatalogResolver implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private state: Promise<ResolverState> | null = null;
  private listening = false;
  private stop?: () => Promise<void>;
  private readonly perRequest = new WeakMap<Request, Promise<ResolvedRelease | null>>();

  constructor(
    private readonly prisma: PrismaService,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap() {
    const connection = new ListenConnection(
      this.prisma.listenTarget,
      CATALOG_RELEASES_CHANNEL,
      {
        onListening: () => {
          this.listening = true;
          this.invalidate();
        },
        onNotification: () => this.invalidate(),
        onLost: () => {
          this.listening = false;
          this.invalidate();
        },
      },
      this.logger,
    );
    this.stop = () => connection.stop();
    await connection.start();
  }

  async beforeApplicationShutdown() {
    await this.stop?.().catch(() => undefined);
  }

  /** Forgets what was read: the next resolve reads rules and releases again. */
  invalidate(): void {
    this.state = null;
  }

  /** The release a shopper in this context sees now, or null when no catalog is published. */
  async resolve(context: ShopperContext, now: Date = new Date()): Promise<ResolvedRelease | null> {
    const state = await this.current();
    const rule = pickRule(state.rules, context, now, (catalogId) => state.published.has(catalogId));
    if (rule) {
      const published = state.published.get(rule.catalogId)!;
      return { catalogId: published.catalogId, releaseId: published.releaseId, ruleId: rule.id };
    }
    return state.fallback ? { catalogId: state.fallback.catalogId, releaseId: state.fallback.releaseId, ruleId: null } : null;
  }

  /** `resolve` for a request's EP-Channel, EP-Context-Tag and shopper; one answer per request. */
  forRequest(request: Request): Promise<ResolvedRelease | null> {
    let answer = this.perRequest.get(request);
    if (!answer) {
      answer = this.resolve(shopperContextOf(request));
      this.perRequest.set(request, answer);
    }
    return answer;
  }

  /** The rules and releases as last read (read again when dropped). */
  current(): Promise<ResolverState> {
    if (this.state) return this.state;
    const loading = this.load();
    // Kept only while changes are heard; a change while it is read drops it again (invalidate).
    if (this.listening) {
      this.state = loading;
      loading.catch(() => {
        if (this.state === loading) this.state = null;
      });
    }
    return loading;
  }

  private async load(): Promise<ResolverState> {
    const [rules, releases] = await Promise.all([
      this.prisma.catalogRule.findMany({
        select: { id: true, catalogId: true, channels: true, tags: true, customerIds: true, accountIds: true, schedules: true, createdAt: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.prisma.$queryRaw<{ catalog_id: string; release_id: string; first_published_at: Date }[]>`
        SELECT DISTINCT ON (r.catalog_id) r.catalog_id, r.id AS release_id,
               COALESCE(c.first_published_at, (SELECT min(p.published_at) FROM catalog_releases p WHERE p.catalog_id = r.catalog_id AND p.status = 'PUBLISHED')) AS first_published_at
        FROM catalog_releases r JOIN catalogs c ON c.id = r.catalog_id
        WHERE r.status = 'PUBLISHED'
        ORDER BY r.catalog_id, r.published_at DESC, r.created_at DESC`,
    ]);
    const published = new Map<string, PublishedCatalog>();
    let fallback: PublishedCatalog | null = null;
    for (const row of releases) {
      const entry = { catalogId: row.catalog_id, releaseId: row.release_id, firstPublishedAt: new Date(row.first_published_at) };
      published.set(entry.catalogId, entry);
      const d = fallback ? entry.firstPublishedAt.getTime() - fallback.firstPublishedAt.getTime() : -1;
      if (!fallback || d < 0 || (d === 0 && entry.catalogId < fallback.catalogId)) fallback = entry;
    }
    return {
      rules: rules.map((r) => ({ ...r, schedules: Array.isArray(r.schedules) ? (r.schedules as MatchableRule['schedules']) : null })),
      published,
      fallback,
    };
  }
}

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && text.trim() !== '' ? text.trim() : undefined;
}

/** The shopper context of a request: its EP-Channel and EP-Context-Tag headers, its customer or account. */
export function shopperContextOf(request: Request): ShopperContext {
  const context: ShopperContext = {};
  const channel = header(request, EP_CHANNEL);
  const tag = header(request, EP_CONTEXT_TAG);
  if (channel !== undefined) context.channel = channel;
  if (tag !== undefined) context.tag = tag;
  if (request.principal?.customerId) context.customerId = request.principal.customerId;
  if (request.principal?.accountId) context.accountId = request.principal.accountId;
  return context;
}
