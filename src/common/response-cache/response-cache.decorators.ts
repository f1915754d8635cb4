import { SetMetadata } from '@nestjs/common';

export const RESPONSE_CACHE_ROLE = Symbol('RESPONSE_CACHE_ROLE');
export type ResponseCacheRole = 'cached' | 'invalidates';

/**
 * On a controller: its GET responses are served from the response cache, and its other requests (the
 * writes) drop the cache once they finish. Only for data every caller of one kind sees alike (the catalog).
 */
export const CachedReads = () => SetMetadata(RESPONSE_CACHE_ROLE, 'cached' satisfies ResponseCacheRole);

/** On a controller whose writes change what cached reads answer (e.g. settings → default page length). */
export const InvalidatesCachedReads = () => SetMetadata(RESPONSE_CACHE_ROLE, 'invalidates' satisfies ResponseCacheRole);
