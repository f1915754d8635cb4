import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { Principal } from '../common/http/request-context';
import { AccessTokensService } from './access-tokens.service';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly tokens: AccessTokensService) {
    super();
  }

  async validate(token: string): Promise<Principal | false> {
    return (await this.tokens.validate(token)) ?? false;
  }
}
