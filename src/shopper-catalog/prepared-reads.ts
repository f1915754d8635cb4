import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { CATALOG_RELEASES_CHANNEL } from '../catalogs/catalog-resolver';
import { AppConfig } from '../config/app-config';
import { ListenConnection } from '../common/database/listen-connection';
import type { KeptAnswer } from '../common/http/kept-answers';
import { linkBase } from '../common/http/request-context';
import { bytesDocument, SerializedDocument } from '../common/http/response-document';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { PrismaService } from '../prisma/prisma.service';

/** A finished answer of a published release: its JSON as UTF-8 bytes, their ETag, and the route that made it. */
export type PreparedAnswer = KeptAnswer;

/**
 * What one read of a release answers with, besides the release: the currency of display prices, the store's
 * page length (a list's `page[limit]` when the query gives none), the links' origin and the URL as sent (its
 * path names the route, its query the page, filter and includes).
 */
export function preparedReadKey(req: Request, currency: string | null, pageLength: number): string {
  return `${currency ?? '-'} ${pageLength} ${linkBase()} ${req.originalUrl}`;
}

/**
 * Finished answers of published releases, kept in process. A published release never changes, so one read of
 * it (release and preparedReadKey) always answers the same text, whatever the client's
 * `Cache-Control`: only which release a request sees can change, and that is resolved on every request. A
 * catalog write changes nothing here (it shows in the next release). An answer is dropped when its release is no
 * longer PUBLISHED (deleted): on every NOTIFY of `commerce_catalog_releases` the releases kept are checked. Sized
 * by `RESPONSE_CACHE_MB`, like the response cache, least recently used first out; off with 0. While the change
 * feed is not connected nothing is served from it or kept.
 */
@Injectable()
export class PreparedReads implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly entries?: LRUCache<string, PreparedAnswer>;
  /** Release id → keys of its answers. */
  private readonly keysOfRelease = new Map<string, Set<string>>();
  private readonly releaseOfKey = new Map<string, string>();
  /** Counts release changes: an answer built across one is not kept (its release may have gone meanwhile). */
  private changes = 0;
  private listening = false;
  private stop?: () => Promise<void>;

  constructor(
    config: AppConfig,
    private readonly prisma: PrismaService,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {
    if (config.responseCacheBytes > 0) {
      this.entries = new LRUCache<string, PreparedAnswer>({
        maxSize: config.responseCacheBytes,
        sizeCalculation: (answer, key) => answer.bytes.length + key.length + 96,
        dispose: (_answer, key) => this.unindex(key),
      });
    }
  }

  get enabled(): boolean {
    return this.entries !== undefined && this.listening;
  }

  /** The answer kept for `key` (preparedReadKey) of `releaseId`, or undefined. */
  kept(releaseId: string, key: string): PreparedAnswer | undefined {
    return this.enabled ? this.entries!.get(entryKey(releaseId, key)) : undefined;
  }

  /** The answer kept for `key` of `releaseId`, or the one `build` makes now for `route` (kept for the next read). */
  async answer(releaseId: string, key: string, route: string, build: () => Promise<object>): Promise<PreparedAnswer> {
    const kept = this.kept(releaseId, key);
    if (kept) return kept;
    const started = this.changes;
    const bytes = Buffer.from(JSON.stringify(await build()));
    const made: PreparedAnswer = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, route };
    if (this.enabled && started === this.changes) this.keep(releaseId, entryKey(releaseId, key), made);
    return made;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** How many answers of `releaseId` are kept. */
  answersOf(releaseId: string): number {
    return this.keysOfRelease.get(releaseId)?.size ?? 0;
  }

  async onApplicationBootstrap() {
    if (!this.entries) return;
    const connection = new ListenConnection(
      this.prisma.listenTarget,
      CATALOG_RELEASES_CHANNEL,
      {
        onListening: () => {
          this.dropAll();
          this.listening = true;
        },
        onNotification: () => void this.dropUnpublished().catch((err: unknown) => this.logger.warn({ err }, 'prepared catalog reads not checked: dropped')),
        onLost: () => {
          this.listening = false;
          this.dropAll();
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

  /** Keeps the answers of releases still PUBLISHED, drops the others'. */
  async dropUnpublished(): Promise<void> {
    this.changes++;
    const ids = [...this.keysOfRelease.keys()];
    if (ids.length === 0) return;
    try {
      const rows = await this.prisma.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM catalog_releases WHERE id = ANY(${ids}::uuid[]) AND status = 'PUBLISHED'`;
      const published = new Set(rows.map((r) => r.id));
      for (const id of ids) if (!published.has(id)) this.dropRelease(id);
    } catch (err) {
      this.dropAll();
      throw err;
    }
  }

  private keep(releaseId: string, key: string, answer: PreparedAnswer) {
    this.entries!.set(key, answer);
    if (!this.entries!.has(key)) return; // larger than the whole budget
    let keys = this.keysOfRelease.get(releaseId);
    if (!keys) this.keysOfRelease.set(releaseId, (keys = new Set()));
    keys.add(key);
    this.releaseOfKey.set(key, releaseId);
  }

  private dropRelease(releaseId: string) {
    for (const key of [...(this.keysOfRelease.get(releaseId) ?? [])]) this.entries?.delete(key);
    this.keysOfRelease.delete(releaseId);
  }

  private dropAll() {
    this.changes++;
    this.entries?.clear();
    this.keysOfRelease.clear();
    this.releaseOfKey.clear();
  }

  private unindex(key: string) {
    const releaseId = this.releaseOfKey.get(key);
    if (releaseId === undefined) return;
    this.releaseOfKey.delete(key);
    const keys = this.keysOfRelease.get(releaseId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfRelease.delete(releaseId);
  }
}

function entryKey(releaseId: string, key: string): string {
  return `${releaseId} ${key}`;
}

export function preparedDocument(answer: PreparedAnswer): SerializedDocument {
  return bytesDocument(answer.bytes);
}
