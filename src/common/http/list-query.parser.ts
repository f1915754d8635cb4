import { Inject, Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, parseListQuery } from '../list-query';

/** The store's default page length (`page_length`), from whichever module keeps the store's settings. */
export interface PageLengthSource {
  pageLength(): Promise<number>;
}
export const PAGE_LENGTH_SOURCE = Symbol('PAGE_LENGTH_SOURCE');

/** Parses `page[...]`, `sort` and `filter` with the store's current default page length. */
@Injectable()
export class ListQueryParser {
  constructor(@Inject(PAGE_LENGTH_SOURCE) private readonly pageLength: PageLengthSource) {}

  async parse(query: Record<string, unknown>, spec: ListResourceSpec): Promise<ListQuery> {
    return parseListQuery(query ?? {}, spec, { defaultLimit: await this.defaultLimit() });
  }

  /** `parse`, with the page length it used (for an answer kept per query and page length). */
  async parseWithPageLength(query: Record<string, unknown>, spec: ListResourceSpec): Promise<ListQuery & { pageLength: number }> {
    const pageLength = await this.defaultLimit();
    return { ...parseListQuery(query ?? {}, spec, { defaultLimit: pageLength }), pageLength };
  }

  /** The store's current `page_length`: a list's `page[limit]` when its query gives none. */
  defaultLimit(): Promise<number> {
    return this.pageLength.pageLength();
  }
}
