import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, parseListQuery } from '../list-query';
import { SettingsService } from '../../settings/settings.service';

/** Parses `page[...]`, `sort` and `filter` with the store's current default page length. */
@Injectable()
export class ListQueryParser {
  constructor(private readonly settings: SettingsService) {}

  async parse(query: Record<string, unknown>, spec: ListResourceSpec): Promise<ListQuery> {
    return parseListQuery(query ?? {}, spec, { defaultLimit: await this.settings.pageLength() });
  }
}
