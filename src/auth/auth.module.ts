import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessTokensRepository } from './access-tokens.repository';
import { AccessTokensService } from './access-tokens.service';
import { ApiClientsRepository } from './api-clients.repository';
import { ApiClientsService } from './api-clients.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { ExpiredTokenCleanup } from './expired-token-cleanup';
import { OAuthController } from './oauth.controller';
import { PrincipalResolvers } from './principal-resolvers';

@Module({
  imports: [PassportModule, DiscoveryModule],
  controllers: [OAuthController],
  providers: [
    ApiClientsRepository,
    ApiClientsService,
    AccessTokensRepository,
    AccessTokensService,
    ExpiredTokenCleanup,
    PrincipalResolvers,
    BearerStrategy,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
  ],
  exports: [AccessTokensService, ApiClientsService, PrincipalResolvers],
})
export class AuthModule {}
