import { Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { ResponseDocument } from '../../common/http/response-document';
import { ApiDocumentResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import { closed, ref } from '../../common/openapi/json-schema';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { PRODUCT_SCHEMAS } from '../products/product.schema';
import { PCM_PRODUCTS_SPEC } from '../products/products.repository';
import { ProductVariationReferenceDto, referencesOf, VariationReferencesBody } from '../products/references';
import { ChildProductsService } from './child-products.service';
import { VARIATION_SCHEMAS as S, variationReferencesResponse } from './variation.schema';

/** A product's variations, the build that makes its child products, and its children. */
@ApiTags('pxm')
@ApiBearerAuth()
@Controller('pcm/products')
export class ProductVariationsController {
  constructor(
    private readonly children: ChildProductsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDocumentResponse("List a product's variations", variationReferencesResponse)
  @Get(':id/relationships/variations')
  async variations(@ResourceId('id', 'Product') id: string) {
    return new ResponseDocument({ data: await this.children.variationReferences(id) });
  }

  @ApiNoContent('Attach variations')
  @Post(':id/relationships/variations')
  @HttpCode(204)
  async attach(@ResourceId('id', 'Product') id: string, @VariationReferencesBody() variations: ProductVariationReferenceDto[]): Promise<void> {
    await this.children.changeVariations(id, 'add', referencesOf(variations));
  }

  @ApiNoContent("Replace the product's variations")
  @Put(':id/relationships/variations')
  @HttpCode(204)
  async replace(@ResourceId('id', 'Product') id: string, @VariationReferencesBody() variations: ProductVariationReferenceDto[]): Promise<void> {
    await this.children.changeVariations(id, 'replace', referencesOf(variations));
  }

  @ApiNoContent('Detach variations (they stay in /pcm/variations)')
  @Delete(':id/relationships/variations')
  @HttpCode(204)
  async detach(@ResourceId('id', 'Product') id: string, @VariationReferencesBody() variations: ProductVariationReferenceDto[]): Promise<void> {
    await this.children.changeVariations(id, 'remove', referencesOf(variations));
  }

  @ApiDocumentResponse('Build child products: one per combination of options; done when answered', closed({ data: ref(S.PcmJob) }), { status: 201 })
  @Post(':id/build')
  @HttpCode(201)
  async build(@ResourceId('id', 'Product') id: string, @Req() req: { id?: unknown }) {
    return new ResponseDocument({ data: await this.children.build(id, String(req.id ?? '')) });
  }

  @ApiList("List a product's child products", PRODUCT_SCHEMAS.PcmProduct, { spec: PCM_PRODUCTS_SPEC })
  @Get(':id/children')
  async list(@ResourceId('id', 'Product') id: string, @Query() query: Record<string, unknown>) {
    return this.children.children(id, await this.listQuery.parse(query, PCM_PRODUCTS_SPEC));
  }
}
