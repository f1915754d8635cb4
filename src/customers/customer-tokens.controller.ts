import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit } from '../auth/access.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { CreateCustomerTokenDto } from './dto/customer-token.dto';
import { CustomerTokensService } from './customer-tokens.service';

/** Shoppers sign in from the storefront, so implicit tokens may ask for a customer token. */
@ApiTags('customers')
@ApiBearerAuth()
@Controller('customers/tokens')
export class CustomerTokensController {
  constructor(private readonly tokens: CustomerTokensService) {}

  @Post()
  @HttpCode(200)
  @AllowImplicit()
  create(@DataBody() dto: CreateCustomerTokenDto) {
    return this.tokens.issue(dto);
  }
}
