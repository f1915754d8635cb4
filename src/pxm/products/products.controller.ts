import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ResponseDocument } from '../../common/http/response-document';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { Includable } from '../../common/include/include.decorators';
import { ApiDataResponse, ApiDocumentResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import { ref } from '../../common/openapi/json-schema';
import { DataBody } from '../../common/validation/data-body.pipe';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { HIERARCHY_SCHEMAS } from '../hierarchies/hierarchy.schema';
import { NODES_SPEC } from '../hierarchies/hierarchies.repository';
import { CreatePcmProductDto, PcmMainImageDto, PcmNodesByFilterDto, UpdatePcmProductDto } from './dto/product.dto';
import { NodeProductsService } from './node-products.service';
import { PRODUCT_SCHEMAS as S, componentProductsResponse, fileReferencesResponse, mainImageResponse } from './product.schema';
import { PCM_PRODUCTS_SPEC } from './products.repository';
import { ProductsService } from './products.service';
import { FileReferenceDto, FileReferencesBody, referencesOf } from './references';

/** The include parent of PXM products (`include=main_image,files`). */
export const PCM_PRODUCT = 'pcm-product';

/** PXM products (client-credentials tokens only, as in Elastic Path). */
@ApiTags('pxm')
@ApiBearerAuth()
@Controller('pcm/products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly nodeProducts: NodeProductsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a product', S.PcmProduct, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreatePcmProductDto) {
    return this.products.create(dto);
  }

  @ApiList('List products', S.PcmProduct, { spec: PCM_PRODUCTS_SPEC, includes: PCM_PRODUCT })
  @Get()
  @Includable(PCM_PRODUCT)
  async list(@Query() query: Record<string, unknown>) {
    return this.products.list(await this.listQuery.parse(query, PCM_PRODUCTS_SPEC));
  }

  @ApiDocumentResponse('Put the products a filter selects into nodes', ref(S.PcmNodesAttached))
  @Post('attach_nodes')
  @HttpCode(200)
  async attachNodes(@DataBody() dto: PcmNodesByFilterDto) {
    return new ResponseDocument(await this.nodeProducts.byFilter(dto, 'link'));
  }

  @ApiDocumentResponse('Take the products a filter selects out of nodes', ref(S.PcmNodesDetached))
  @Post('detach_nodes')
  @HttpCode(200)
  async detachNodes(@DataBody() dto: PcmNodesByFilterDto) {
    return new ResponseDocument(await this.nodeProducts.byFilter(dto, 'unlink'));
  }

  @ApiDataResponse('Get a product', S.PcmProduct, { includes: PCM_PRODUCT })
  @Get(':id')
  @Includable(PCM_PRODUCT)
  get(@ResourceId('id', 'Product') id: string) {
    return this.products.get(id);
  }

  @ApiDataResponse('Update a product', S.PcmProduct)
  @Put(':id')
  update(@ResourceId('id', 'Product') id: string, @DataBody() dto: UpdatePcmProductDto) {
    return this.products.update(id, dto);
  }

  @ApiNoContent('Delete a product (its files and nodes stay)')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Product') id: string): Promise<void> {
    await this.products.delete(id);
  }

  @ApiList("List a product's nodes", HIERARCHY_SCHEMAS.PcmNode, { spec: NODES_SPEC })
  @Get(':id/nodes')
  async nodes(@ResourceId('id', 'Product') id: string, @Query() query: Record<string, unknown>) {
    return this.nodeProducts.productNodes(id, await this.listQuery.parse(query, NODES_SPEC));
  }

  // ---------- main image ----------

  @ApiDocumentResponse("Get a product's main image (none or one file)", mainImageResponse)
  @Get(':id/relationships/main_image')
  async mainImage(@ResourceId('id', 'Product') id: string) {
    return new ResponseDocument({ data: await this.products.mainImage(id) });
  }

  @ApiNoContent('Set the main image: a file of /v2/files')
  @Post(':id/relationships/main_image')
  @HttpCode(204)
  async createMainImage(@ResourceId('id', 'Product') id: string, @DataBody() dto: PcmMainImageDto): Promise<void> {
    await this.products.setMainImage(id, dto.id.toLowerCase());
  }

  @ApiNoContent('Replace the main image')
  @Put(':id/relationships/main_image')
  @HttpCode(204)
  async replaceMainImage(@ResourceId('id', 'Product') id: string, @DataBody() dto: PcmMainImageDto): Promise<void> {
    await this.products.setMainImage(id, dto.id.toLowerCase());
  }

  @ApiNoContent('Remove the main image (the file stays)')
  @Delete(':id/relationships/main_image')
  @HttpCode(204)
  async deleteMainImage(@ResourceId('id', 'Product') id: string): Promise<void> {
    await this.products.setMainImage(id, null);
  }

  // ---------- bundles ----------

  @ApiDocumentResponse("List the products a bundle's components name", componentProductsResponse)
  @Get(':id/relationships/component_products')
  async componentProducts(@ResourceId('id', 'Product') id: string) {
    return new ResponseDocument({ data: await this.products.componentProducts(id) });
  }

  // ---------- files ----------

  @ApiDocumentResponse("List a product's files", fileReferencesResponse)
  @Get(':id/relationships/files')
  async files(@ResourceId('id', 'Product') id: string) {
    return new ResponseDocument({ data: await this.products.fileReferences(id) });
  }

  @ApiNoContent('Attach files of /v2/files')
  @Post(':id/relationships/files')
  @HttpCode(204)
  async addFiles(@ResourceId('id', 'Product') id: string, @FileReferencesBody() files: FileReferenceDto[]): Promise<void> {
    await this.products.changeFiles(id, 'add', referencesOf(files));
  }

  @ApiNoContent("Replace the product's files")
  @Put(':id/relationships/files')
  @HttpCode(204)
  async replaceFiles(@ResourceId('id', 'Product') id: string, @FileReferencesBody() files: FileReferenceDto[]): Promise<void> {
    await this.products.changeFiles(id, 'replace', referencesOf(files));
  }

  @ApiNoContent('Detach files (they stay in /v2/files)')
  @Delete(':id/relationships/files')
  @HttpCode(204)
  async removeFiles(@ResourceId('id', 'Product') id: string, @FileReferencesBody() files: FileReferenceDto[]): Promise<void> {
    await this.products.changeFiles(id, 'remove', referencesOf(files));
  }
}
