import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ACCOUNT_MANAGEMENT } from '../accounts/account-management.family';
import { InApiFamily } from '../common/errors/api-family';
import { AccountAddressesController } from './account-addresses.controller';
import { AccountAddressesRepository } from './account-addresses.repository';
import { AccountAddressesService } from './account-addresses.service';

@Module({
  imports: [AccountsModule],
  controllers: [AccountAddressesController],
  providers: [AccountAddressesRepository, AccountAddressesService],
})
@InApiFamily(ACCOUNT_MANAGEMENT)
export class AccountAddressesModule {}
