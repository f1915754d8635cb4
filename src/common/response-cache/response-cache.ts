import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../../config/app-config';

export interface CachedBody {
  /** The serialized JSON document, as bytes: sent as it is on every hit. */
  bytes: Buffer;
  etag: string;
}

/**
 * Serialized responses of cached reads, dropped whole on any change (a write here, or a NOTIFY from the
 * database for a change made anywhere). A read remembers the generation it started in and is only stored
 * if nothing was dropped meanwhile, so a result computed before a change is never kept after it.
 * While suspended (its change feed is not connected) nothing is served or stored.
 */
@Injectable()
export class ResponseCache {
  private readonly entries?: LRUCache<string, CachedBody>;
  private generationCount = 0;
  private suspended = false;

  constructor(config: AppConfig) {
    if (config.responseCacheBytes > 0) {
      this.entries = new LRUCache<string, CachedBody>({
        maxSize: config.responseCacheBytes,
        sizeCalculation: (body, key) => body.bytes.length + key.length + 64,
      });
    }
  }

  get enabled(): boolean {
    return this.entries !== undefined && !this.suspended;
  }

  get generation(): number {
    return this.generationCount;
  }

  get(key: string): CachedBody | undefined {
    return this.enabled ? this.entries!.get(key) : undefined;
  }

  /** Stores the body unless the cache was dropped since `generation` was read. */
  set(key: string, generation: number, body: CachedBody): void {
    if (this.enabled && generation === this.generationCount) this.entries!.set(key, body);
  }

  invalidate(): void {
    this.generationCount++;
    this.entries?.clear();
  }

  /** Stop serving until resume(): changes made meanwhile would go unnoticed. */
  suspend(): void {
    this.suspended = true;
    this.invalidate();
  }

  resume(): void {
    this.invalidate();
    this.suspended = false;
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
