import { DynamicModule, Global, Module, ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { CommonInterceptors } from './common-interceptors';
import { ApiExceptionFilter } from './errors/api-exception.filter';
import { RouteFamilies } from './errors/route-families';
import { DataEnvelopeInterceptor } from './http/data-envelope.interceptor';
import { KeptAnswers } from './http/kept-answers';
import { ListQueryParser } from './http/list-query.parser';
import { PaginationInterceptor } from './http/pagination.interceptor';
import { IncludeInterceptor } from './include/include.interceptor';
import { IncludeRegistry } from './include/include.registry';
import { CacheInvalidationListener } from './response-cache/cache-invalidation.listener';
import { ResponseCache } from './response-cache/response-cache';
import { ResponseCacheInterceptor } from './response-cache/response-cache.interceptor';

export interface CommonModuleOptions {
  /** The module that provides PAGE_LENGTH_SOURCE (the default `page[limit]`). */
  pageLengthFrom: NonNullable<ModuleMetadata['imports']>[number];
}

/**
 * The shared HTTP layer. Interceptors run first-in-last-out: includes are resolved on the raw result,
 * then a Page becomes a list document, then anything else is wrapped in `data`, and the finished
 * document of a cached read is serialized and kept (outermost, so a hit skips all of that). The four are
 * one global interceptor (CommonInterceptors), which runs them in that order.
 * It imports no feature: what it needs from one comes through a token that the module named in forRoot provides.
 */
@Global()
@Module({})
export class CommonModule {
  static forRoot(options: CommonModuleOptions): DynamicModule {
    return {
      module: CommonModule,
      imports: [DiscoveryModule, options.pageLengthFrom],
      providers: [
        RouteFamilies,
        ApiExceptionFilter,
        { provide: APP_FILTER, useExisting: ApiExceptionFilter },
        ResponseCacheInterceptor,
        DataEnvelopeInterceptor,
        PaginationInterceptor,
        IncludeInterceptor,
        { provide: APP_INTERCEPTOR, useClass: CommonInterceptors },
        IncludeRegistry,
        ListQueryParser,
        KeptAnswers,
        ResponseCache,
        CacheInvalidationListener,
      ],
      exports: [RouteFamilies, ApiExceptionFilter, IncludeRegistry, ListQueryParser, KeptAnswers, ResponseCache],
    };
  }
}
