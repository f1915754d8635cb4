import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UnprocessableError } from '../common/errors/api-error';

const NOT_SUPPORTED = () => new UnprocessableError('Not supported', 'Rule promotions (/v2/rule-promotions) are not supported; use /v2/promotions');

/** Rule Promotions (Promotions Builder) are not served: each of their routes answers 422, said plainly. */
@ApiTags('promotions')
@ApiBearerAuth()
@Controller('rule-promotions')
export class RulePromotionsController {
  @ApiOperation({ summary: 'Rule promotions are not supported (422)' })
  @Get()
  list(): never {
    throw NOT_SUPPORTED();
  }

  @ApiOperation({ summary: 'Rule promotions are not supported (422)' })
  @Post()
  @HttpCode(201)
  create(): never {
    throw NOT_SUPPORTED();
  }

  @ApiOperation({ summary: 'Rule promotions are not supported (422)' })
  @Get(':id')
  get(): never {
    throw NOT_SUPPORTED();
  }

  @ApiOperation({ summary: 'Rule promotions are not supported (422)' })
  @Put(':id')
  update(): never {
    throw NOT_SUPPORTED();
  }

  @ApiOperation({ summary: 'Rule promotions are not supported (422)' })
  @Delete(':id')
  delete(): never {
    throw NOT_SUPPORTED();
  }
}
