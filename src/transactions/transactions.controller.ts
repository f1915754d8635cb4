import { Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { AllowImplicit, CurrentPrincipal } from '../auth/access.decorators';
import type { Principal } from '../common/http/request-context';
import { parseSubCollectionPage } from '../common/list-query';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { orderReach, type OrderAction } from '../auth/order-access';
import { OptionalCustomerToken, ShopperAccess } from '../customers/customer-token.guard';
import { OrdersService } from '../orders/orders.service';
import { PaymentDto } from './dto/create-payment.dto';
import { PaymentBodyPipe } from './dto/registered-gateway';
import { CancelDto, CaptureDto, ConfirmDto, RefundDto } from './dto/transaction-actions.dto';
import { IDEMPOTENCY_HEADER, IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { PaymentsService } from './payments.service';
import { TransactionActionsService } from './transaction-actions.service';
import { TransactionsService } from './transactions.service';
import { ApiDataResponse, ApiList } from '../common/openapi/api-operation.decorators';
import { TRANSACTION_SCHEMAS as S } from './transaction.schema';
import { ref } from '../common/openapi/json-schema';

const idempotencyHeader = ApiHeader({ name: IDEMPOTENCY_HEADER, required: false, description: 'Replays the first answer for the same key and body' });

/** Paying for an order and its transactions. Every route answers 200 on success, as Elastic Path's do. */
@ApiTags('transactions')
@ApiBearerAuth()
@Controller('orders/:orderId')
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly payments: PaymentsService,
    private readonly actions: TransactionActionsService,
    private readonly orders: OrdersService,
  ) {}

  @ApiDataResponse('Pay for an order', 'TransactionWithClientSecret', { body: ref(S.PaymentRequest) })
  @Post('payments')
  @HttpCode(200)
  @AllowImplicit()
  @OptionalCustomerToken()
  @UseInterceptors(IdempotencyInterceptor)
  @idempotencyHeader
  async pay(@ResourceId('orderId', 'Order') orderId: string, @Body(PaymentBodyPipe) dto: PaymentDto, @CurrentPrincipal() principal: Principal) {
    await this.requireReachable(orderId, principal, 'pay');
    return this.payments.pay(orderId, dto);
  }

  /** A shopper (implicit + customer token) reads the transactions of their own orders only. */
  @ApiList('List an order\'s transactions', 'Transaction')
  @Get('transactions')
  @ShopperAccess()
  async list(@ResourceId('orderId', 'Order') orderId: string, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal: Principal) {
    await this.requireReachable(orderId, principal, 'read');
    return this.transactions.list(orderId, parseSubCollectionPage(query));
  }

  @ApiDataResponse('Get a transaction', 'Transaction')
  @Get('transactions/:transactionId')
  @ShopperAccess()
  async get(
    @ResourceId('orderId', 'Order') orderId: string,
    @ResourceId('transactionId', 'Transaction') transactionId: string,
    @CurrentPrincipal() principal: Principal,
  ) {
    await this.requireReachable(orderId, principal, 'read');
    return this.transactions.get(orderId, transactionId);
  }

  @ApiDataResponse('Capture an authorized transaction', 'Transaction')
  @Post('transactions/:transactionId/capture')
  @HttpCode(200)
  @OptionalCustomerToken()
  @UseInterceptors(IdempotencyInterceptor)
  @idempotencyHeader
  async capture(
    @ResourceId('orderId', 'Order') orderId: string,
    @ResourceId('transactionId', 'Transaction') transactionId: string,
    @DataBody({ optional: true }) dto: CaptureDto,
    @CurrentPrincipal() principal: Principal,
  ) {
    await this.requireReachable(orderId, principal, 'manage');
    return this.actions.capture(orderId, transactionId, dto);
  }

  @ApiDataResponse('Refund a paid transaction (all or part)', 'Transaction')
  @Post('transactions/:transactionId/refund')
  @HttpCode(200)
  @OptionalCustomerToken()
  @UseInterceptors(IdempotencyInterceptor)
  @idempotencyHeader
  async refund(
    @ResourceId('orderId', 'Order') orderId: string,
    @ResourceId('transactionId', 'Transaction') transactionId: string,
    @DataBody({ optional: true }) dto: RefundDto,
    @CurrentPrincipal() principal: Principal,
  ) {
    await this.requireReachable(orderId, principal, 'manage');
    return this.actions.refund(orderId, transactionId, dto);
  }

  @ApiDataResponse('Confirm a payment intent transaction', 'TransactionWithClientSecret')
  @Post('transactions/:transactionId/confirm')
  @HttpCode(200)
  @OptionalCustomerToken()
  @AllowImplicit()
  @UseInterceptors(IdempotencyInterceptor)
  @idempotencyHeader
  async confirm(
    @ResourceId('orderId', 'Order') orderId: string,
    @ResourceId('transactionId', 'Transaction') transactionId: string,
    @DataBody({ optional: true }) dto: ConfirmDto,
    @CurrentPrincipal() principal: Principal,
  ) {
    await this.requireReachable(orderId, principal, 'pay');
    return this.actions.confirm(orderId, transactionId, dto);
  }

  @ApiDataResponse('Cancel an authorized transaction', 'Transaction')
  @Post('transactions/:transactionId/cancel')
  @HttpCode(200)
  @OptionalCustomerToken()
  @UseInterceptors(IdempotencyInterceptor)
  @idempotencyHeader
  async cancel(
    @ResourceId('orderId', 'Order') orderId: string,
    @ResourceId('transactionId', 'Transaction') transactionId: string,
    @DataBody({ optional: true }) dto: CancelDto,
    @CurrentPrincipal() principal: Principal,
  ) {
    await this.requireReachable(orderId, principal, 'manage');
    return this.actions.cancel(orderId, transactionId, dto);
  }

  /** The order, if `action` reaches it for this request (ORDER_ACCESS): another shopper's or account's is not found. */
  private async requireReachable(orderId: string, principal: Principal, action: OrderAction) {
    const owner = orderReach(principal, action);
    if (owner !== undefined) await this.orders.getOwnOrThrow(orderId, owner);
  }
}
