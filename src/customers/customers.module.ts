import { Module } from '@nestjs/common';
import { RateLimitStoreModule } from '../common/throttling/rate-limit-store.module';
import { CustomerTokenGuard } from './customer-token.guard';
import { CustomerTokensController } from './customer-tokens.controller';
import { CustomerTokensService } from './customer-tokens.service';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { CustomersService } from './customers.service';
import { EmailChangeLimiter } from './email-change.limiter';

/** Shoppers: customers, their sign-in (customer tokens), and the guard other modules scope a shopper's data with. */
@Module({
  imports: [RateLimitStoreModule],
  // The token route first: `POST /customers/tokens` must not be taken for a customer.
  controllers: [CustomerTokensController, CustomersController],
  providers: [CustomersRepository, CustomersService, CustomerTokensService, CustomerTokenGuard, EmailChangeLimiter],
  exports: [CustomersService, CustomerTokensService, CustomerTokenGuard],
})
export class CustomersModule {}
