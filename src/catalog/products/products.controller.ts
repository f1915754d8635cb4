import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit, CurrentPrincipal } from '../../auth/access.decorators';
import { NotFoundError } from '../../common/errors/api-error';
import type { Principal } from '../../common/http/request-context';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { Includable, IncludeKeys } from '../../common/include/include.decorators';
import { CachedReads } from '../../common/response-cache/response-cache.decorators';
import { DataBody } from '../../common/validation/data-body.pipe';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { parseRelationshipList, parseRelationshipOne } from '../relationships';
import { CreateProductDto, UpdateProductDto } from './dto/product.dto';
import { PRODUCTS_SPEC } from './products.repository';
import { ProductRelation, ProductsService } from './products.service';
import { ApiDataResponse, ApiDocumentResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import { PRODUCT_SCHEMAS as S } from './product.schema';
import { ref } from '../../common/openapi/json-schema';

const LIST_RELATIONS: Record<string, { relation: ProductRelation; types: string[] }> = {
  categories: { relation: 'categories', types: ['category', 'categories'] },
  category: { relation: 'categories', types: ['category', 'categories'] },
  files: { relation: 'files', types: ['file', 'files'] },
  file: { relation: 'files', types: ['file', 'files'] },
};
const MAIN_IMAGE = new Set(['main-image', 'main_image']);
const MAIN_IMAGE_TYPES = ['main_image', 'main-image', 'file'];

@ApiTags('products')
@ApiBearerAuth()
@CachedReads()
@Controller('products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a product', 'Product', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateProductDto) {
    return this.products.create(dto);
  }

  @ApiList('List products', 'Product', { spec: PRODUCTS_SPEC, includes: 'product', description: 'A storefront (implicit) token sees live products only.' })
  @Get()
  @AllowImplicit()
  @Includable('product')
  async list(@Query() query: Record<string, unknown>, @IncludeKeys() includeKeys: string[], @CurrentPrincipal() principal?: Principal) {
    return this.products.list(await this.listQuery.parse(query, PRODUCTS_SPEC), principal, includeKeys);
  }

  @ApiDataResponse('Get a product', 'Product', { includes: 'product' })
  @Get(':id')
  @AllowImplicit()
  @Includable('product')
  get(@ResourceId('id', 'Product') id: string, @CurrentPrincipal() principal?: Principal) {
    return this.products.get(id, principal);
  }

  @ApiDataResponse('Update a product', 'Product')
  @Put(':id')
  update(@ResourceId('id', 'Product') id: string, @DataBody() dto: UpdateProductDto) {
    return this.products.update(id, dto);
  }

  @ApiNoContent('Delete a product')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Product') id: string): Promise<void> {
    await this.products.delete(id);
  }

  @ApiDocumentResponse('Add related categories, files or the main image', ref(S.RelationshipsDocument), { body: ref(S.RelationshipsRequest) })
  @Post(':id/relationships/:relation')
  @HttpCode(200)
  addRelation(@ResourceId('id', 'Product') id: string, @Param('relation') relation: string, @Body() body: unknown) {
    return this.edit(id, relation, body, 'add');
  }

  @ApiDocumentResponse('Replace related categories, files or the main image', ref(S.RelationshipsDocument), { body: ref(S.RelationshipsRequest) })
  @Put(':id/relationships/:relation')
  replaceRelation(@ResourceId('id', 'Product') id: string, @Param('relation') relation: string, @Body() body: unknown) {
    return this.edit(id, relation, body, 'replace');
  }

  @ApiNoContent('Remove related categories, files or the main image', { body: ref(S.RelationshipsRequest), bodyOptional: true })
  @Delete(':id/relationships/:relation')
  @HttpCode(204)
  async removeRelation(@ResourceId('id', 'Product') id: string, @Param('relation') relation: string, @Body() body: unknown): Promise<void> {
    if (MAIN_IMAGE.has(relation)) {
      const named = body && typeof body === 'object' && 'data' in body ? parseRelationshipOne(body, MAIN_IMAGE_TYPES) : undefined;
      await this.products.removeMainImage(id, named);
      return;
    }
    await this.edit(id, relation, body, 'remove');
  }

  private async edit(id: string, relation: string, body: unknown, mode: 'add' | 'replace' | 'remove') {
    if (MAIN_IMAGE.has(relation)) {
      return this.products.setMainImage(id, parseRelationshipOne(body, MAIN_IMAGE_TYPES));
    }
    const known = LIST_RELATIONS[relation];
    if (!known) throw new NotFoundError('Relationship', `Products have no relationship "${relation}" (use categories, files or main-image)`);
    return this.products.editRelation(id, known.relation, mode, parseRelationshipList(body, known.types));
  }
}
