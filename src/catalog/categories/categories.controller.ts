import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit, CurrentPrincipal } from '../../auth/access.decorators';
import type { Principal } from '../../common/http/request-context';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { Includable, IncludeKeys } from '../../common/include/include.decorators';
import { CachedReads } from '../../common/response-cache/response-cache.decorators';
import { DataBody } from '../../common/validation/data-body.pipe';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { CATEGORIES_SPEC } from './categories.repository';
import { CategoriesService } from './categories.service';
import { CreateCategoryDto, UpdateCategoryDto } from './dto/category.dto';
import { ApiDataResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import './category.schema';

@ApiTags('categories')
@ApiBearerAuth()
@CachedReads()
@Controller('categories')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a category', 'Category', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateCategoryDto) {
    return this.categories.create(dto);
  }

  @ApiList('List categories', 'Category', { spec: CATEGORIES_SPEC, includes: 'category' })
  @Get()
  @AllowImplicit()
  @Includable('category')
  async list(@Query() query: Record<string, unknown>, @CurrentPrincipal() principal?: Principal) {
    return this.categories.list(await this.listQuery.parse(query, CATEGORIES_SPEC), principal);
  }

  @ApiDataResponse('The category tree', 'CategoryNode', { many: true })
  @Get('tree')
  @AllowImplicit()
  tree(@CurrentPrincipal() principal?: Principal) {
    return this.categories.tree(principal);
  }

  @ApiDataResponse('Get a category', 'Category', { includes: 'category' })
  @Get(':id')
  @AllowImplicit()
  @Includable('category')
  get(@ResourceId('id', 'Category') id: string, @IncludeKeys() includeKeys: string[], @CurrentPrincipal() principal?: Principal) {
    return this.categories.get(id, principal, includeKeys);
  }

  @ApiDataResponse('Update a category', 'Category')
  @Put(':id')
  update(@ResourceId('id', 'Category') id: string, @DataBody() dto: UpdateCategoryDto) {
    return this.categories.update(id, dto);
  }

  @ApiNoContent('Delete a category')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Category') id: string): Promise<void> {
    await this.categories.delete(id);
  }
}
