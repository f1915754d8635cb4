import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreatePriceDto, UpdatePriceDto } from './dto/price.dto';
import { CreatePricebookDto, UpdatePricebookDto } from './dto/pricebook.dto';
import { PRICEBOOK_SCHEMAS as S } from './pricebook.schema';
import { ALL_PRICES_SPEC, BOOK_PRICES_SPEC, PRICEBOOKS_SPEC } from './pricebooks.repository';
import { PricebooksService } from './pricebooks.service';

/** Price books and their prices (client-credentials tokens only, as in Elastic Path). */
@ApiTags('pxm')
@ApiBearerAuth()
@Controller('pcm/pricebooks')
export class PricebooksController {
  constructor(
    private readonly pricebooks: PricebooksService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a price book', S.PcmPricebook, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreatePricebookDto) {
    return this.pricebooks.createBook(dto);
  }

  @ApiList('List price books', S.PcmPricebook, { spec: PRICEBOOKS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.pricebooks.listBooks(await this.listQuery.parse(query, PRICEBOOKS_SPEC));
  }

  @ApiList('List the prices of every price book', S.PcmProductPrice, { spec: ALL_PRICES_SPEC })
  @Get('prices')
  async allPrices(@Query() query: Record<string, unknown>) {
    return this.pricebooks.listPrices(undefined, await this.listQuery.parse(query, ALL_PRICES_SPEC), ALL_PRICES_SPEC);
  }

  @ApiDataResponse('Get a price book', S.PcmPricebook)
  @Get(':id')
  get(@ResourceId('id', 'Price book') id: string) {
    return this.pricebooks.getBook(id);
  }

  @ApiDataResponse('Update a price book', S.PcmPricebook)
  @Put(':id')
  update(@ResourceId('id', 'Price book') id: string, @DataBody() dto: UpdatePricebookDto) {
    return this.pricebooks.updateBook(id, dto);
  }

  @ApiNoContent('Delete a price book with its prices (products stay)')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Price book') id: string): Promise<void> {
    await this.pricebooks.deleteBook(id);
  }

  @ApiDataResponse('Add a price for a SKU (one per SKU per book; the SKU need not be a product yet)', S.PcmProductPrice, { status: 201 })
  @Post(':id/prices')
  @HttpCode(201)
  createPrice(@ResourceId('id', 'Price book') id: string, @DataBody() dto: CreatePriceDto) {
    return this.pricebooks.createPrice(id, dto);
  }

  @ApiList("List a price book's prices", S.PcmProductPrice, { spec: BOOK_PRICES_SPEC })
  @Get(':id/prices')
  async prices(@ResourceId('id', 'Price book') id: string, @Query() query: Record<string, unknown>) {
    return this.pricebooks.listPrices(id, await this.listQuery.parse(query, BOOK_PRICES_SPEC), BOOK_PRICES_SPEC);
  }

  @ApiDataResponse('Get a price', S.PcmProductPrice)
  @Get(':id/prices/:priceId')
  price(@ResourceId('id', 'Price book') id: string, @ResourceId('priceId', 'Price') priceId: string) {
    return this.pricebooks.getPrice(id, priceId);
  }

  @ApiDataResponse('Update a price', S.PcmProductPrice)
  @Put(':id/prices/:priceId')
  updatePrice(@ResourceId('id', 'Price book') id: string, @ResourceId('priceId', 'Price') priceId: string, @DataBody() dto: UpdatePriceDto) {
    return this.pricebooks.updatePrice(id, priceId, dto);
  }

  @ApiNoContent('Delete a price')
  @Delete(':id/prices/:priceId')
  @HttpCode(204)
  async deletePrice(@ResourceId('id', 'Price book') id: string, @ResourceId('priceId', 'Price') priceId: string): Promise<void> {
    await this.pricebooks.deletePrice(id, priceId);
  }
}
