import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit, CurrentPrincipal, isImplicit } from '../auth/access.decorators';
import type { Principal } from '../common/http/request-context';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { InvalidatesCachedReads } from '../common/response-cache/response-cache.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CURRENCIES_SPEC } from './currencies.repository';
import { CurrenciesService } from './currencies.service';
import './currency.schema';
import { CreateCurrencyDto, UpdateCurrencyDto } from './dto/currency.dto';

/** Formatted amounts everywhere follow these records, so a write drops the cached catalog responses. */
@ApiTags('currencies')
@ApiBearerAuth()
@InvalidatesCachedReads()
@Controller('currencies')
export class CurrenciesController {
  constructor(
    private readonly currencies: CurrenciesService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a currency', 'Currency', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateCurrencyDto) {
    return this.currencies.create(dto);
  }

  @ApiList('List currencies (a storefront token sees the enabled ones)', 'Currency', { spec: CURRENCIES_SPEC })
  @AllowImplicit()
  @Get()
  async list(@Query() query: Record<string, unknown>, @CurrentPrincipal() principal?: Principal) {
    return this.currencies.list(await this.listQuery.parse(query, CURRENCIES_SPEC), isImplicit(principal));
  }

  @ApiDataResponse('Get a currency', 'Currency')
  @AllowImplicit()
  @Get(':id')
  get(@ResourceId('id', 'Currency') id: string, @CurrentPrincipal() principal?: Principal) {
    return this.currencies.get(id, isImplicit(principal));
  }

  @ApiDataResponse('Update a currency', 'Currency')
  @Put(':id')
  update(@ResourceId('id', 'Currency') id: string, @DataBody() dto: UpdateCurrencyDto) {
    return this.currencies.update(id, dto);
  }

  @ApiNoContent('Delete a currency (not the default one)')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Currency') id: string): Promise<void> {
    await this.currencies.delete(id);
  }
}
