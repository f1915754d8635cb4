import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreateRuleDto, UpdateRuleDto } from './dto/rule.dto';
import { ValidateRulesDto } from './dto/validate-rules.dto';
import { RULE_SCHEMAS as S } from './rule.schema';
import { RULES_SPEC, VALIDATE_PAGE_SPEC } from './rules.repository';
import { RulesService } from './rules.service';
import { RulesValidationService } from './rules-validation.service';

/** Catalog rules (client-credentials tokens only): which catalog a shopper's channel, tag, customer or account sees. */
@ApiTags('catalogs')
@ApiBearerAuth()
@Controller(['catalogs/rules', 'pcm/catalogs/rules'])
export class CatalogRulesController {
  constructor(
    private readonly rules: RulesService,
    private readonly validation: RulesValidationService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a catalog rule', S.CatalogRule, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateRuleDto) {
    return this.rules.create(dto);
  }

  @ApiList('List catalog rules', S.CatalogRule, { spec: RULES_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.rules.list(await this.listQuery.parse(query, RULES_SPEC));
  }

  @ApiList('The rules matching a filter, similar to or in conflict with a supplied rule, or the rule a shopper context resolves to', S.ValidatedCatalogRule, { spec: VALIDATE_PAGE_SPEC })
  @Post('validate')
  @HttpCode(200)
  async validate(@DataBody() dto: ValidateRulesDto, @Query() query: Record<string, unknown>) {
    return this.validation.validate(dto, await this.listQuery.parse(query, VALIDATE_PAGE_SPEC));
  }

  @ApiDataResponse('Get a catalog rule', S.CatalogRule)
  @Get(':id')
  get(@ResourceId('id', 'Catalog rule') id: string) {
    return this.rules.get(id);
  }

  @ApiDataResponse('Update a catalog rule', S.CatalogRule)
  @Put(':id')
  update(@ResourceId('id', 'Catalog rule') id: string, @DataBody() dto: UpdateRuleDto) {
    return this.rules.update(id, dto);
  }

  @ApiNoContent('Delete a catalog rule')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Catalog rule') id: string): Promise<void> {
    await this.rules.delete(id);
  }
}
