import { All, Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeController } from '@nestjs/swagger';
import { UnprocessableError } from '../common/errors/api-error';

/** Rule Promotions (Promotions Builder) are not served: every request on their paths is 422, said plainly. */
@ApiExcludeController()
@ApiBearerAuth()
@Controller('rule-promotions')
export class RulePromotionsController {
  @All(['', '*path'])
  refuse(): never {
    throw new UnprocessableError('Not supported', 'Rule promotions (/v2/rule-promotions) are not supported; use /v2/promotions');
  }
}
