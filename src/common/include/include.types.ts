import type { Principal } from '../http/request-context';

/** A presented resource: what the API returns for one entity. */
export interface Resource {
  id: string;
  type: string;
  [key: string]: unknown;
}

export interface IncludeContext {
  principal?: Principal;
}

/**
 * Loads the related resources of many parents at once (one query per relation, never one per parent).
 * Returns the related resources; the interceptor de-duplicates them by id.
 */
export interface IncludeResolver<P extends Resource = Resource, R extends Resource = Resource> {
  resolve(parents: P[], context: IncludeContext): Promise<R[]>;
}

export interface IncludeResolverOptions {
  /** `type` of the parent resource, e.g. `product`. */
  parent: string;
  /** Accepted `include` names, e.g. `['main_image', 'main_images']`. */
  names: string[];
  /** Key under `included`, e.g. `main_images`. */
  key: string;
}

export const MAX_INCLUDES = 5;
