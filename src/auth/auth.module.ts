import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessTokensRepository } from './access-tokens.repository';
import { AccessTokensService } from './access-tokens.service';
import { ApiClientsRepository } from './api-clients.repository';
import { ApiClientsService } from './api-clients.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerStrategy } from './bearer.strategy';
import { ExpiredTokenCleanup } from './expired-token-cleanup';
import { OAuthController } from './oauth.controller';

@Module({
  imports: [PassportModule],
  controllers: [OAuthController],
  providers: [
    ApiClientsRepository,
    ApiClientsService,
    AccessTokensRepository,
    AccessTokensService,
    ExpiredTokenCleanup,
    BearerStrategy,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
  ],
  exports: [AccessTokensService, ApiClientsService],
})
export class AuthModule {}
