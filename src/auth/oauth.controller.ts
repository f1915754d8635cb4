import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BadRequestError, UnauthorizedError } from '../common/errors/api-error';
import { Public } from './access.decorators';
import { AccessTokensService, IssuedToken } from './access-tokens.service';
import { ApiClientsService } from './api-clients.service';
import { basicClientCredentials, ClientCredentials } from './basic-client-credentials';
import { AccessTokenRequestDto } from './dto/access-token-request.dto';
import { ResponseDocument } from '../common/http/response-document';
import { assertNoNul } from '../common/validation/json-shape';
import { ApiDocumentResponse } from '../common/openapi/api-operation.decorators';
import { TOKEN_SCHEMAS as S } from './token.schema';
import { ref } from '../common/openapi/json-schema';

@ApiTags('auth')
@Controller('oauth')
export class OAuthController {
  constructor(
    private readonly clients: ApiClientsService,
    private readonly tokens: AccessTokensService,
  ) {}

  /**
   * Form-encoded (what the SDK sends) or JSON. The client authenticates with client_id/client_secret in the
   * body or with an `Authorization: Basic` header (what Swagger UI's "Authorize" sends), not both. The body
   * is the token object itself, not wrapped in `data`.
   */
  @ApiDocumentResponse('Get an access token', ref(S.AccessToken), { body: ref(S.AccessTokenRequest), form: true, description: 'Form-encoded (`application/x-www-form-urlencoded`) or JSON. client_credentials: client_id and client_secret in the body, or as HTTP Basic; implicit: client_id alone.' })
  @Public()
  @Post('access_token')
  @HttpCode(200)
  async accessToken(@Body() body: Record<string, unknown> = {}, @Headers('authorization') authorization?: string): Promise<ResponseDocument> {
    const basic = basicClientCredentials(authorization);
    const request = this.parse(body ?? {}, basic !== undefined);
    let token: IssuedToken;
    if (basic) {
      if (request.client_id !== undefined && !basic.some((c) => c.clientId === request.client_id)) {
        throw new BadRequestError('client_id in the body differs from the one in the Authorization header', 'client_id');
      }
      const client = await this.verifyAny(basic);
      if (!client) throw new UnauthorizedError('The client_id or client_secret is not valid');
      token = await this.tokens.issue(client.id, request.grant_type);
    } else if (request.grant_type === 'client_credentials') {
      if (!request.client_secret) throw new BadRequestError('client_secret is required for grant_type client_credentials', 'client_secret');
      const client = await this.clients.verify(request.client_id!, request.client_secret);
      if (!client) throw new UnauthorizedError('The client_id or client_secret is not valid');
      token = await this.tokens.issue(client.id, 'client_credentials');
    } else {
      const client = await this.clients.findClient(request.client_id!);
      if (!client) throw new UnauthorizedError('The client_id is not valid');
      token = await this.tokens.issue(client.id, 'implicit');
    }
    return new ResponseDocument(token as unknown as Record<string, unknown>);
  }

  private async verifyAny(readings: ClientCredentials[]): Promise<{ id: string } | null> {
    for (const { clientId, clientSecret } of readings) {
      const client = await this.clients.verify(clientId, clientSecret);
      if (client) return client;
    }
    return null;
  }

  private parse(body: Record<string, unknown>, basicAuth: boolean): Partial<AccessTokenRequestDto> & Pick<AccessTokenRequestDto, 'grant_type'> {
    const grant = body.grant_type;
    if (grant === undefined || grant === '') throw new BadRequestError('grant_type is required', 'grant_type');
    if (grant !== 'client_credentials' && grant !== 'implicit') {
      throw new BadRequestError('grant_type must be client_credentials or implicit', 'grant_type', 'Unsupported grant type');
    }
    if (basicAuth && body.client_secret !== undefined) {
      throw new BadRequestError('Send client_secret either in the Authorization header or in the body, not both', 'client_secret');
    }
    if (basicAuth && (body.client_id === undefined || body.client_id === '')) return { grant_type: grant };
    if (typeof body.client_id !== 'string' || body.client_id === '' || body.client_id.length > 256) {
      throw new BadRequestError('client_id is required', 'client_id');
    }
    assertNoNul(body.client_id, 'client_id');
    if (body.client_secret !== undefined && (typeof body.client_secret !== 'string' || body.client_secret.length > 512)) {
      throw new BadRequestError('client_secret must be a string', 'client_secret');
    }
    return { grant_type: grant, client_id: body.client_id, client_secret: body.client_secret as string | undefined };
  }
}
