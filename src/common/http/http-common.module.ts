import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { ApiExceptionFilter } from '../errors/api-exception.filter';
import { IncludeInterceptor } from '../include/include.interceptor';
import { IncludeRegistry } from '../include/include.registry';
import { CacheInvalidationListener } from '../response-cache/cache-invalidation.listener';
import { ResponseCache } from '../response-cache/response-cache';
import { ResponseCacheInterceptor } from '../response-cache/response-cache.interceptor';
import { DataEnvelopeInterceptor } from './data-envelope.interceptor';
import { ListQueryParser } from './list-query.parser';
import { PaginationInterceptor } from './pagination.interceptor';

/**
 * The shared HTTP layer. Interceptors run first-in-last-out: includes are resolved on the raw result,
 * then a Page becomes a list document, then anything else is wrapped in `data`, and the finished
 * document of a cached read is serialized and kept (outermost, so a hit skips all of that).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    ApiExceptionFilter,
    { provide: APP_FILTER, useExisting: ApiExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: ResponseCacheInterceptor },
    { provide: APP_INTERCEPTOR, useClass: DataEnvelopeInterceptor },
    { provide: APP_INTERCEPTOR, useClass: PaginationInterceptor },
    { provide: APP_INTERCEPTOR, useClass: IncludeInterceptor },
    IncludeRegistry,
    ListQueryParser,
    ResponseCache,
    CacheInvalidationListener,
  ],
  exports: [ApiExceptionFilter, IncludeRegistry, ListQueryParser, ResponseCache],
})
export class HttpCommonModule {}
