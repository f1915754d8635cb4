import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit } from '../auth/access.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { CustomerTokenDto } from './dto/customer-token.dto';
import { CustomerTokensService } from './customer-tokens.service';
import { ApiDataResponse } from '../common/openapi/api-operation.decorators';
import './customer.schema';

/** Shoppers sign in from the storefront, so implicit tokens may ask for a customer token. */
@ApiTags('customers')
@ApiBearerAuth()
@Controller('customers/tokens')
export class CustomerTokensController {
  constructor(private readonly tokens: CustomerTokensService) {}

  @ApiDataResponse('Get a customer token (log in with email and password)', 'CustomerToken')
  @Post()
  @HttpCode(200)
  @AllowImplicit()
  create(@DataBody() dto: CustomerTokenDto) {
    return this.tokens.issue(dto);
  }
}
