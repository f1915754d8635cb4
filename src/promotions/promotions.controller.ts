import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { AddPromotionCodesDto, DeletePromotionCodesDto } from './dto/promotion-codes.dto';
import { CreatePromotionDto, UpdatePromotionDto } from './dto/promotion.dto';
import './promotion.schema';
import { PROMOTION_CODES_SPEC, PROMOTIONS_SPEC } from './promotions.repository';
import { PromotionsService } from './promotions.service';

/** Promotions Standard: client credentials only (a storefront's token is 403). */
@ApiTags('promotions')
@ApiBearerAuth()
@Controller('promotions')
export class PromotionsController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a promotion', 'Promotion', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreatePromotionDto) {
    return this.promotions.create(dto);
  }

  @ApiList('List promotions (oldest first; `filter=eq(code,…)` finds a code\'s promotion)', 'Promotion', { spec: PROMOTIONS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.promotions.list(await this.listQuery.parse(query, PROMOTIONS_SPEC));
  }

  @ApiDataResponse('Get a promotion', 'Promotion')
  @Get(':id')
  get(@ResourceId('id', 'Promotion') id: string) {
    return this.promotions.get(id);
  }

  @ApiDataResponse('Update a promotion', 'Promotion')
  @Put(':id')
  update(@ResourceId('id', 'Promotion') id: string, @DataBody() dto: UpdatePromotionDto) {
    return this.promotions.update(id, dto);
  }

  @ApiNoContent('Delete a promotion and its codes')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Promotion') id: string): Promise<void> {
    await this.promotions.delete(id);
  }

  @ApiDataResponse('Add codes to a promotion (answers the promotion)', 'Promotion', { status: 201 })
  @Post(':id/codes')
  @HttpCode(201)
  addCodes(@ResourceId('id', 'Promotion') id: string, @DataBody() dto: AddPromotionCodesDto) {
    return this.promotions.addCodes(id, dto);
  }

  @ApiList('List a promotion\'s codes', 'PromotionCode', { spec: PROMOTION_CODES_SPEC })
  @Get(':id/codes')
  async codes(@ResourceId('id', 'Promotion') id: string, @Query() query: Record<string, unknown>) {
    return this.promotions.listCodes(id, await this.listQuery.parse(query, PROMOTION_CODES_SPEC));
  }

  @ApiNoContent('Delete codes of a promotion')
  @Delete(':id/codes')
  @HttpCode(204)
  async deleteCodes(@ResourceId('id', 'Promotion') id: string, @DataBody() dto: DeletePromotionCodesDto): Promise<void> {
    await this.promotions.deleteCodes(id, dto);
  }

  @ApiNoContent('Delete a code of a promotion (by its text, or its id)')
  @Delete(':id/codes/:code')
  @HttpCode(204)
  async deleteCode(@ResourceId('id', 'Promotion') id: string, @Param('code') code: string): Promise<void> {
    await this.promotions.deleteCode(id, code);
  }
}
