import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { Principal } from '../common/http/request-context';
import { PrincipalResolvers } from './principal-resolvers';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly resolvers: PrincipalResolvers) {
    super();
  }

  async validate(token: string): Promise<Principal | false> {
    return (await this.resolvers.resolve(token)) ?? false;
  }
}
