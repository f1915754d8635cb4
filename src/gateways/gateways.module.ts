import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { GatewayRegistry } from './gateway-registry';
import { GatewaysController } from './gateways.controller';
import { GatewaysRepository } from './gateways.repository';
import { GatewaysService } from './gateways.service';

/**
 * `/v2/gateways`: which payment gateways are enabled, their settings and write-only credentials. The gateways
 * themselves are providers of any module, decorated with `@PaymentGateway` (see GatewayRegistry).
 */
@Module({
  imports: [DiscoveryModule],
  controllers: [GatewaysController],
  providers: [GatewayRegistry, GatewaysService, GatewaysRepository],
  exports: [GatewayRegistry, GatewaysService],
})
export class GatewaysModule {}
