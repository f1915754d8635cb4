import { closed, constant, integer, oneOfStrings, string } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';

export const TOKEN_SCHEMAS = defineSchemas({
  AccessToken: closed(
    {
      access_token: string(),
      token_type: constant('Bearer'),
      expires: integer({ description: 'Unix time, seconds' }),
      expires_in: integer({ description: 'Seconds' }),
      identifier: oneOfStrings(['client_credentials', 'implicit']),
    },
    [],
    { example: { access_token: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0', token_type: 'Bearer', expires: 1767614400, expires_in: 3600, identifier: 'client_credentials' } },
  ),
  AccessTokenRequest: {
    type: 'object',
    required: ['grant_type'],
    properties: {
      grant_type: oneOfStrings(['client_credentials', 'implicit']),
      client_id: string({ description: 'Not needed with HTTP Basic authentication' }),
      client_secret: string({ description: 'client_credentials only; or send id and secret as HTTP Basic' }),
    },
  },
});
