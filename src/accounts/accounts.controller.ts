import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreateAccountDto, UpdateAccountDto } from './dto/account.dto';
import { ACCOUNTS_SPEC } from './accounts.repository';
import { AccountsService } from './accounts.service';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateAccountDto) {
    return this.accounts.create(dto);
  }

  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.accounts.list(await this.listQuery.parse(query, ACCOUNTS_SPEC));
  }

  @Get(':id')
  get(@ResourceId('id', 'Account') id: string) {
    return this.accounts.get(id);
  }

  @Put(':id')
  update(@ResourceId('id', 'Account') id: string, @DataBody() dto: UpdateAccountDto) {
    return this.accounts.update(id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Account') id: string): Promise<void> {
    await this.accounts.delete(id);
  }

}
