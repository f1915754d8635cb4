import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import { DataBody } from '../../common/validation/data-body.pipe';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { CreateModifierDto, CreateOptionDto, CreateVariationDto, UpdateModifierDto, UpdateOptionDto, UpdateVariationDto } from './dto/variation.dto';
import { VARIATION_SCHEMAS as S } from './variation.schema';
import { MODIFIERS_SPEC, OPTIONS_SPEC, VARIATIONS_SPEC } from './variations.repository';
import { VariationsService } from './variations.service';

/** PXM variations, their options and modifiers (client-credentials tokens only, as in Elastic Path). */
@ApiTags('pxm')
@ApiBearerAuth()
@Controller('pcm/variations')
export class VariationsController {
  constructor(
    private readonly variations: VariationsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a variation', S.PcmVariation, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateVariationDto) {
    return this.variations.createVariation(dto);
  }

  @ApiList('List variations', S.PcmVariation, { spec: VARIATIONS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.variations.listVariations(await this.listQuery.parse(query, VARIATIONS_SPEC));
  }

  @ApiDataResponse('Get a variation with its options', S.PcmVariation)
  @Get(':id')
  get(@ResourceId('id', 'Variation') id: string) {
    return this.variations.getVariation(id);
  }

  @ApiDataResponse('Update a variation', S.PcmVariation)
  @Put(':id')
  update(@ResourceId('id', 'Variation') id: string, @DataBody() dto: UpdateVariationDto) {
    return this.variations.updateVariation(id, dto);
  }

  @ApiNoContent('Delete a variation with its options (child products already built stay)')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Variation') id: string): Promise<void> {
    await this.variations.deleteVariation(id);
  }

  // ---------- options ----------

  @ApiDataResponse('Create an option', S.PcmVariationOption, { status: 201 })
  @Post(':id/options')
  @HttpCode(201)
  createOption(@ResourceId('id', 'Variation') id: string, @DataBody() dto: CreateOptionDto) {
    return this.variations.createOption(id, dto);
  }

  @ApiList("List a variation's options", S.PcmVariationOption, { spec: OPTIONS_SPEC })
  @Get(':id/options')
  async options(@ResourceId('id', 'Variation') id: string, @Query() query: Record<string, unknown>) {
    return this.variations.listOptions(id, await this.listQuery.parse(query, OPTIONS_SPEC));
  }

  @ApiDataResponse('Get an option', S.PcmVariationOption)
  @Get(':id/options/:optionId')
  option(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string) {
    return this.variations.getOption(id, optionId);
  }

  @ApiDataResponse('Update an option', S.PcmVariationOption)
  @Put(':id/options/:optionId')
  updateOption(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string, @DataBody() dto: UpdateOptionDto) {
    return this.variations.updateOption(id, optionId, dto);
  }

  @ApiNoContent('Delete an option with its modifiers (a rebuild removes the children built from it)')
  @Delete(':id/options/:optionId')
  @HttpCode(204)
  async deleteOption(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string): Promise<void> {
    await this.variations.deleteOption(id, optionId);
  }

  // ---------- modifiers ----------

  @ApiDataResponse('Create a modifier', S.PcmVariationModifier, { status: 201 })
  @Post(':id/options/:optionId/modifiers')
  @HttpCode(201)
  createModifier(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string, @DataBody() dto: CreateModifierDto) {
    return this.variations.createModifier(id, optionId, dto);
  }

  @ApiList("List an option's modifiers", S.PcmVariationModifier, { spec: MODIFIERS_SPEC })
  @Get(':id/options/:optionId/modifiers')
  async modifiers(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string, @Query() query: Record<string, unknown>) {
    return this.variations.listModifiers(id, optionId, await this.listQuery.parse(query, MODIFIERS_SPEC));
  }

  @ApiDataResponse('Get a modifier', S.PcmVariationModifier)
  @Get(':id/options/:optionId/modifiers/:modifierId')
  modifier(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string, @ResourceId('modifierId', 'Modifier') modifierId: string) {
    return this.variations.getModifier(id, optionId, modifierId);
  }

  @ApiDataResponse('Update a modifier', S.PcmVariationModifier)
  @Put(':id/options/:optionId/modifiers/:modifierId')
  updateModifier(
    @ResourceId('id', 'Variation') id: string,
    @ResourceId('optionId', 'Option') optionId: string,
    @ResourceId('modifierId', 'Modifier') modifierId: string,
    @DataBody() dto: UpdateModifierDto,
  ) {
    return this.variations.updateModifier(id, optionId, modifierId, dto);
  }

  @ApiNoContent('Delete a modifier')
  @Delete(':id/options/:optionId/modifiers/:modifierId')
  @HttpCode(204)
  async deleteModifier(@ResourceId('id', 'Variation') id: string, @ResourceId('optionId', 'Option') optionId: string, @ResourceId('modifierId', 'Modifier') modifierId: string): Promise<void> {
    await this.variations.deleteModifier(id, optionId, modifierId);
  }
}
