import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { ApiDataResponse, ApiList } from '../../common/openapi/api-operation.decorators';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { HIERARCHY_SCHEMAS } from '../hierarchies/hierarchy.schema';
import { NodeProductsService } from './node-products.service';
import { PRODUCT_SCHEMAS } from './product.schema';
import { PCM_PRODUCTS_SPEC } from './products.repository';
import { ProductReferenceDto, ProductReferencesBody, referencesOf } from './references';

/** A node's products, under its hierarchy's path. */
@ApiTags('pxm')
@ApiBearerAuth()
@Controller('pcm/hierarchies/:id/nodes/:nodeId')
export class NodeProductsController {
  constructor(
    private readonly nodeProducts: NodeProductsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Put products into a node', HIERARCHY_SCHEMAS.PcmNode, { status: 201 })
  @Post('relationships/products')
  @HttpCode(201)
  add(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @ProductReferencesBody() products: ProductReferenceDto[]) {
    return this.nodeProducts.change(id, nodeId, 'link', referencesOf(products));
  }

  @ApiDataResponse('Take products out of a node (they stay, and leave its curated products)', HIERARCHY_SCHEMAS.PcmNode)
  @Delete('relationships/products')
  @HttpCode(200)
  remove(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @ProductReferencesBody() products: ProductReferenceDto[]) {
    return this.nodeProducts.change(id, nodeId, 'unlink', referencesOf(products));
  }

  @ApiList("List a node's live products, its curated products first", PRODUCT_SCHEMAS.PcmProduct, { spec: PCM_PRODUCTS_SPEC })
  @Get('products')
  async products(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @Query() query: Record<string, unknown>) {
    return this.nodeProducts.nodeProducts(id, nodeId, await this.listQuery.parse(query, PCM_PRODUCTS_SPEC));
  }
}
