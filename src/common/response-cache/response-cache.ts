import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../../config/app-config';

export interface CachedBody {
  /** The serialized JSON document, as bytes: sent as it is on every hit. */
  bytes: Buffer;
  etag: string;
  /** The resources the document shows (`<type>:<id>`), so a change to one drops only the documents that show it. */
  resources?: readonly string[];
}

/** Resource drops remembered for reads still running; past this many, a resource drop drops everything. */
const MAX_REMEMBERED_DROPS = 10_000;

/**
 * Serialized responses of cached reads, dropped whole on a change (a write here, or a NOTIFY from the database
 * for a change made anywhere), or only those showing one resource when only that resource's stock moved. A read
 * remembers the generation it started in and is only stored if nothing it shows was dropped meanwhile, so a
 * result computed before a change is never kept after it. While suspended (its change feed is not connected)
 * nothing is served or stored.
 */
@Injectable()
export class ResponseCache {
  private readonly entries?: LRUCache<string, CachedBody>;
  /** Resource → keys of the stored documents that show it. */
  private readonly keysShowing = new Map<string, Set<string>>();
  /** Resource → generation of its last drop (since the last full drop). */
  private readonly resourceDrops = new Map<string, number>();
  private generationCount = 0;
  private lastFullDrop = 0;
  private suspended = false;

  constructor(config: AppConfig) {
    if (config.responseCacheBytes > 0) {
      this.entries = new LRUCache<string, CachedBody>({
        maxSize: config.responseCacheBytes,
        sizeCalculation: (body, key) => body.bytes.length + key.length + 64,
        dispose: (body, key) => this.unindex(key, body),
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

  /** The answer stored under `key`, without making it the most recently used. */
  peek(key: string): CachedBody | undefined {
    return this.enabled ? this.entries!.peek(key) : undefined;
  }

  /** Stores the body unless the cache, or a resource the body shows, was dropped since `generation` was read. */
  set(key: string, generation: number, body: CachedBody): void {
    if (!this.enabled || generation < this.lastFullDrop) return;
    if (generation !== this.generationCount && body.resources?.some((r) => (this.resourceDrops.get(r) ?? -1) > generation)) return;
    this.entries!.set(key, body);
    if (!this.entries!.has(key)) return; // larger than the whole budget: not kept
    for (const resource of body.resources ?? []) {
      let keys = this.keysShowing.get(resource);
      if (!keys) this.keysShowing.set(resource, (keys = new Set()));
      keys.add(key);
    }
  }

  invalidate(): void {
    this.generationCount++;
    this.lastFullDrop = this.generationCount;
    this.resourceDrops.clear();
    this.entries?.clear();
    this.keysShowing.clear();
  }

  /** Drops the documents that show `resource` (`<type>:<id>`), and keeps every other. */
  invalidateResource(resource: string): void {
    if (this.resourceDrops.size >= MAX_REMEMBERED_DROPS) return this.invalidate();
    this.generationCount++;
    this.resourceDrops.set(resource, this.generationCount);
    for (const key of [...(this.keysShowing.get(resource) ?? [])]) this.entries?.delete(key);
    this.keysShowing.delete(resource);
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

  private unindex(key: string, body: CachedBody) {
    for (const resource of body.resources ?? []) {
      const keys = this.keysShowing.get(resource);
      keys?.delete(key);
      if (keys?.size === 0) this.keysShowing.delete(resource);
    }
  }
}
