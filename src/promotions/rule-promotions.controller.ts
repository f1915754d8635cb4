import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { UnprocessableError } from '../common/errors/api-error';

const NOT_SUPPORTED = () => new UnprocessableError('Not supported', 'Rule promotions (/v2/rule-promotions) are not supported; use /v2/promotions');

/**
 * Rule Promotions (Promotions Builder) are not served: each of their routes answers 422, said plainly. Left out of
 * the OpenAPI document, as nothing here succeeds (docs/api.md lists it as not supported).
 */
@ApiExcludeController()
@Controller('rule-promotions')
export class RulePromotionsController {
  @Get()
  list(): never {
    throw NOT_SUPPORTED();
  }

  @Post()
  @HttpCode(201)
  create(): never {
    throw NOT_SUPPORTED();
  }

  @Get(':id')
  get(): never {
    throw NOT_SUPPORTED();
  }

  @Put(':id')
  update(): never {
    throw NOT_SUPPORTED();
  }

  @Delete(':id')
  delete(): never {
    throw NOT_SUPPORTED();
  }
}
