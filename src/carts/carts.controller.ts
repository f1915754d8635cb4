import { Controller, Delete, Get, Headers, HttpCode, Injectable, Param, PipeTransform, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit, CurrentPrincipal } from '../auth/access.decorators';
import { parseSubCollectionPage } from '../common/list-query';
import type { Principal } from '../common/http/request-context';
import { ResponseDocument } from '../common/http/response-document';
import { Includable } from '../common/include/include.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { AddCartItemsBody, AddCartItemsRequest } from './cart-items.body';
import { CartItemsService } from './cart-items.service';
import { CartDto, CheckoutDto, UpdateCartItemDto } from './dto/cart.dto';
import { OptionalCustomerToken } from '../customers/customer-token.guard';
import { CartsService } from './carts.service';

@Injectable()
class CartRefPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    return CartsService.checkRef(value);
  }
}

/** `@CartRef() ref`: the client-chosen cart reference of the path. */
const CartRef = () => Param('ref', new CartRefPipe());

/** Carts and checkout: storefront (implicit) tokens allowed everywhere. */
@ApiTags('carts')
@ApiBearerAuth()
@AllowImplicit()
@Controller('carts')
export class CartsController {
  constructor(
    private readonly carts: CartsService,
    private readonly cartItems: CartItemsService,
  ) {}

  @Post()
  @HttpCode(201)
  create(@DataBody({ optional: true }) dto: CartDto) {
    return this.carts.create(dto);
  }

  @Get(':ref')
  @Includable('cart')
  get(@CartRef() ref: string) {
    return this.carts.get(ref);
  }

  @Put(':ref')
  update(@CartRef() ref: string, @DataBody({ optional: true }) dto: CartDto) {
    return this.carts.update(ref, dto);
  }

  @Delete(':ref')
  @HttpCode(204)
  async delete(@CartRef() ref: string): Promise<void> {
    await this.carts.delete(ref);
  }

  @Get(':ref/items')
  items(@CartRef() ref: string, @Query() query: Record<string, unknown>) {
    return this.carts.items(ref, parseSubCollectionPage(query));
  }

  /** A product (`cart_item`), a `custom_item`, or an array of them (bulk add, `options.add_all_or_nothing`). */
  @Post(':ref/items')
  @HttpCode(201)
  async addItems(
    @CartRef() ref: string,
    @AddCartItemsBody() request: AddCartItemsRequest,
    @Headers('x-moltin-currency') currency: string | undefined,
  ) {
    return new ResponseDocument(await this.cartItems.add(ref, request, currency));
  }

  /** Empties the cart; the cart itself (name, description) stays. */
  @Delete(':ref/items')
  @HttpCode(204)
  async clearItems(@CartRef() ref: string): Promise<void> {
    await this.cartItems.clear(ref);
  }

  @Put(':ref/items/:itemId')
  async updateItem(@CartRef() ref: string, @ResourceId('itemId', 'Cart item') itemId: string, @DataBody() dto: UpdateCartItemDto) {
    return new ResponseDocument(await this.carts.updateItem(ref, itemId, dto.quantity));
  }

  @Delete(':ref/items/:itemId')
  async removeItem(@CartRef() ref: string, @ResourceId('itemId', 'Cart item') itemId: string) {
    return new ResponseDocument(await this.carts.removeItem(ref, itemId));
  }

  /** With `X-Moltin-Customer-Token` the order is the shopper's. */
  @Post(':ref/checkout')
  @HttpCode(201)
  @OptionalCustomerToken()
  async checkout(@CartRef() ref: string, @DataBody() dto: CheckoutDto, @CurrentPrincipal() principal?: Principal) {
    return new ResponseDocument(await this.carts.checkout(ref, dto, principal?.customerId));
  }

}
