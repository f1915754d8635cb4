import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { ACCOUNT_MANAGEMENT } from './account-management.family';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

@InApiFamily(ACCOUNT_MANAGEMENT)
@Module({
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
