import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit } from '../auth/access.decorators';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { MultipleProductsBody, StockReferenceDto } from './dto/multiple-products';
import { distinctIds } from '../common/validation/data-list-body.pipe';
import { CreateBasicStockDto, CreateStockDto, UpdateStockDto } from './dto/stock.dto';
import { CreateTransactionDto } from './dto/transaction.dto';
import { TransactionBody } from './dto/transaction-body';
import { ApiMultiLocationHeader, RequestedForm } from './inventory-form.decorator';
import { INVENTORY_SCHEMAS as S } from './inventory.schema';
import { STOCK_SPEC } from './stock.repository';
import { InventoryForm, StockService } from './stock.service';
import { TRANSACTIONS_SPEC } from './transactions.repository';

/**
 * Stock per product. Storefronts (implicit tokens) read a product's stock, one or many; everything else is for
 * client-credentials tokens. Answers take the multi-location shape with `EP-Inventories-Multi-Location: true`.
 */
@ApiTags('inventories')
@ApiBearerAuth()
@ApiMultiLocationHeader()
@Controller('inventories')
export class StockController {
  constructor(
    private readonly stock: StockService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse("Create a product's stock (the product's id in `data.id`)", S.InventoryStockEitherForm, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateStockDto, @RequestedForm() form: InventoryForm) {
    return this.stock.create(dto, form);
  }

  @ApiList('List the stock of every product', S.InventoryStockEitherForm, { spec: STOCK_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>, @RequestedForm() form: InventoryForm) {
    return this.stock.list(await this.listQuery.parse(query, STOCK_SPEC), form);
  }

  @ApiDataResponse('Get the stock of several products (those without stock are left out)', S.InventoryStockEitherForm, { many: true })
  @AllowImplicit()
  @Post('multiple')
  @HttpCode(200)
  many(@MultipleProductsBody() products: StockReferenceDto[], @RequestedForm() form: InventoryForm) {
    // Each product once, in the order given.
    return this.stock.many(distinctIds(products), form);
  }

  @ApiDataResponse("Create a product's stock as the basic inventories do: `{\"data\":{\"quantity\":n}}`", S.InventoryStockEitherForm, { status: 201 })
  @Post(':id')
  @HttpCode(201)
  createBasic(@ResourceId('id', 'Stock') id: string, @DataBody() dto: CreateBasicStockDto, @RequestedForm() form: InventoryForm) {
    return this.stock.create({ type: 'stock', id, attributes: { available: dto.quantity } }, form);
  }

  @ApiDataResponse("Get a product's stock", S.InventoryStockEitherForm)
  @AllowImplicit()
  @Get(':id')
  get(@ResourceId('id', 'Stock') id: string, @RequestedForm() form: InventoryForm) {
    return this.stock.get(id, form);
  }

  @ApiDataResponse("Set the available stock of a product's locations (null takes a location away)", S.InventoryStockEitherForm)
  @Put(':id')
  update(@ResourceId('id', 'Stock') id: string, @DataBody() dto: UpdateStockDto, @RequestedForm() form: InventoryForm) {
    return this.stock.update(id, dto, form);
  }

  @ApiNoContent("Stop managing a product's stock (its positions and transactions go with it)")
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Stock') id: string): Promise<void> {
    await this.stock.delete(id);
  }

  @ApiDataResponse('Move stock: increment, decrement, allocate, deallocate or set (422 when stock would go below zero)', S.InventoryTransactionEitherForm, { status: 201 })
  @Post(':id/transactions')
  @HttpCode(201)
  transact(@ResourceId('id', 'Stock') id: string, @TransactionBody() dto: CreateTransactionDto, @RequestedForm() form: InventoryForm) {
    return this.stock.transact(id, dto, form);
  }

  @ApiList("List a product's stock transactions", S.InventoryTransactionEitherForm, { spec: TRANSACTIONS_SPEC })
  @Get(':id/transactions')
  async transactions(@ResourceId('id', 'Stock') id: string, @Query() query: Record<string, unknown>, @RequestedForm() form: InventoryForm) {
    return this.stock.listTransactions(id, await this.listQuery.parse(query, TRANSACTIONS_SPEC), form);
  }

  @ApiDataResponse('Get a stock transaction', S.InventoryTransactionEitherForm)
  @Get(':id/transactions/:transactionId')
  transaction(@ResourceId('id', 'Stock') id: string, @ResourceId('transactionId', 'Stock transaction') transactionId: string, @RequestedForm() form: InventoryForm) {
    return this.stock.getTransaction(id, transactionId, form);
  }
}
