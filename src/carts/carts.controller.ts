import { Controller, Delete, Get, Headers, HttpCode, Injectable, Param, PipeTransform, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit, CurrentPrincipal, isImplicit } from '../auth/access.decorators';
import { parseSubCollectionPage } from '../common/list-query';
import type { Principal } from '../common/http/request-context';
import { ResponseDocument } from '../common/http/response-document';
import { Includable } from '../common/include/include.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { AddCartItemsBody, AddCartItemsRequest } from './cart-items.body';
import { CartItemsService } from './cart-items.service';
import { CartAccountIdentifierDto, CartCustomerIdentifierDto, CartDto, CheckoutDto, UpdateCartItemDto } from './dto/cart.dto';
import { OptionalCustomerToken } from '../customers/customer-token.guard';
import { BadRequestError } from '../common/errors/api-error';
import { ListQueryParser } from '../common/http/list-query.parser';
import { CartAccountsBody, CartCustomersBody } from './cart-relationships.body';
import { distinctIds } from '../common/validation/data-list-body.pipe';
import { CartAccountsService } from './cart-accounts.service';
import { CARTS_SPEC } from './carts.repository';
import { CartsService } from './carts.service';
import { ApiDataResponse, ApiDocumentResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { CART_SCHEMAS as S } from './cart.schema';
import { ref } from '../common/openapi/json-schema';

@Injectable()
class CartRefPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    return CartsService.checkRef(value);
  }
}

/**
 * The customer a request about carts' customers is limited to: the customer token's; none for a client-credentials
 * token without one. A storefront token alone names no shopper: 400, as the header is what is missing.
 */
function customerScope(principal?: Principal): string | undefined {
  return customerOwner(principal)?.customerId;
}

/** customerScope as a list's owner. */
function customerOwner(principal?: Principal): { customerId: string } | undefined {
  if (principal?.customerId) return { customerId: principal.customerId };
  if (!principal || isImplicit(principal)) {
    throw new BadRequestError('A storefront token needs a customer token (X-Moltin-Customer-Token) here', { header: 'X-Moltin-Customer-Token' });
  }
  return undefined;
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
    private readonly listQuery: ListQueryParser,
    private readonly cartAccounts: CartAccountsService,
  ) {}

  /** With `X-Moltin-Customer-Token` the cart is associated with that customer. */
  @ApiDataResponse('Create a cart', 'Cart', { status: 201 })
  @Post()
  @HttpCode(201)
  @OptionalCustomerToken()
  create(@DataBody({ optional: true }) dto: CartDto, @CurrentPrincipal() principal?: Principal) {
    return this.carts.create(dto, principal?.customerId);
  }

  /**
   * Elastic Path's getCarts: a storefront token needs a customer token or an account management token (the
   * account's carts); a client-credentials token without either lists every cart.
   */
  @ApiList('List the carts of the customer or account token sent (every cart for a client-credentials token without one)', 'Cart', { spec: CARTS_SPEC })
  @Get()
  @OptionalCustomerToken()
  async list(@Query() query: Record<string, unknown>, @CurrentPrincipal() principal?: Principal) {
    const owner = principal?.accountId !== undefined ? { accountId: principal.accountId } : customerOwner(principal);
    return this.carts.list(await this.listQuery.parse(query, CARTS_SPEC), owner);
  }

  @ApiDocumentResponse('Associate accounts with a cart', ref(S.CartAccountsDocument))
  @Post(':ref/relationships/accounts')
  @HttpCode(200)
  async associateAccounts(@CartRef() ref: string, @CartAccountsBody() accounts: CartAccountIdentifierDto[], @CurrentPrincipal() principal?: Principal) {
    return this.cartAccounts.associate(ref, distinctIds(accounts), principal);
  }

  @ApiNoContent("Remove accounts' associations with a cart")
  @Delete(':ref/relationships/accounts')
  @HttpCode(204)
  async dissociateAccounts(@CartRef() ref: string, @CartAccountsBody() accounts: CartAccountIdentifierDto[], @CurrentPrincipal() principal?: Principal): Promise<void> {
    await this.cartAccounts.dissociate(ref, distinctIds(accounts), principal);
  }

  @ApiDocumentResponse('Associate customers with a cart', ref(S.CartCustomersDocument))
  @Post(':ref/relationships/customers')
  @HttpCode(200)
  @OptionalCustomerToken()
  async associateCustomers(@CartRef() ref: string, @CartCustomersBody() customers: CartCustomerIdentifierDto[], @CurrentPrincipal() principal?: Principal) {
    return this.carts.associateCustomers(ref, distinctIds(customers), customerScope(principal));
  }

  @ApiNoContent('Remove customers\' associations with a cart')
  @Delete(':ref/relationships/customers')
  @HttpCode(204)
  @OptionalCustomerToken()
  async dissociateCustomers(@CartRef() ref: string, @CartCustomersBody() customers: CartCustomerIdentifierDto[], @CurrentPrincipal() principal?: Principal): Promise<void> {
    await this.carts.dissociateCustomers(ref, distinctIds(customers), customerScope(principal));
  }

  @ApiDataResponse('Get a cart (created empty when the reference is new)', 'Cart', { includes: 'cart' })
  @Get(':ref')
  @Includable('cart')
  get(@CartRef() ref: string) {
    return this.carts.get(ref);
  }

  @ApiDataResponse('Update a cart', 'Cart')
  @Put(':ref')
  update(@CartRef() ref: string, @DataBody({ optional: true }) dto: CartDto) {
    return this.carts.update(ref, dto);
  }

  @ApiNoContent('Delete a cart')
  @Delete(':ref')
  @HttpCode(204)
  async delete(@CartRef() ref: string): Promise<void> {
    await this.carts.delete(ref);
  }

  @ApiList('List a cart\'s items', 'CartListItem', { meta: { display_price: ref(S.CartTotals) } })
  @Get(':ref/items')
  items(@CartRef() ref: string, @Query() query: Record<string, unknown>) {
    return this.carts.items(ref, parseSubCollectionPage(query));
  }

  /** A product (`cart_item`), a `custom_item`, or an array of them (bulk add, `options.add_all_or_nothing`). */
  @ApiDocumentResponse('Add items (one, or several at once)', ref(S.AddedCartItemsDocument), { status: 201 })
  @Post(':ref/items')
  @HttpCode(201)
  async addItems(
    @CartRef() ref: string,
    @AddCartItemsBody() request: AddCartItemsRequest,
    @Headers('x-moltin-currency') currency: string | undefined,
    @Req() httpRequest: Request,
  ) {
    return new ResponseDocument(await this.cartItems.add(ref, request, currency, httpRequest));
  }

  /** Empties the cart; the cart itself (name, description) stays. */
  @ApiNoContent('Remove every item')
  @Delete(':ref/items')
  @HttpCode(204)
  async clearItems(@CartRef() ref: string): Promise<void> {
    await this.cartItems.clear(ref);
  }

  @ApiDocumentResponse('Change an item\'s quantity (0 removes it)', ref(S.CartItemsDocument))
  @Put(':ref/items/:itemId')
  async updateItem(@CartRef() ref: string, @ResourceId('itemId', 'Cart item') itemId: string, @DataBody() dto: UpdateCartItemDto) {
    return new ResponseDocument(await this.carts.updateItem(ref, itemId, dto.quantity));
  }

  @ApiDocumentResponse('Remove an item', ref(S.CartItemsDocument))
  @Delete(':ref/items/:itemId')
  async removeItem(@CartRef() ref: string, @ResourceId('itemId', 'Cart item') itemId: string) {
    return new ResponseDocument(await this.carts.removeItem(ref, itemId));
  }

  /** With `X-Moltin-Customer-Token` the order is the shopper's. */
  @ApiDocumentResponse('Check out: turn the cart into an order', ref(S.CheckoutDocument), { status: 201 })
  @Post(':ref/checkout')
  @HttpCode(201)
  @OptionalCustomerToken()
  async checkout(@CartRef() ref: string, @DataBody() dto: CheckoutDto, @Req() request: Request, @CurrentPrincipal() principal?: Principal) {
    return new ResponseDocument(await this.carts.checkout(ref, dto, principal, request));
  }

}
