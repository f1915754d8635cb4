import { Module } from '@nestjs/common';
import { GatewaysController } from './gateways.controller';
import { GatewaysRepository } from './gateways.repository';
import { GatewaysService } from './gateways.service';

/** `/v2/gateways`: which payment gateways are enabled, their settings and write-only credentials. */
@Module({
  controllers: [GatewaysController],
  providers: [GatewaysService, GatewaysRepository],
  exports: [GatewaysService],
})
export class GatewaysModule {}
