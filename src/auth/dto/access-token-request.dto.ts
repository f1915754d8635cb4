import { IsIn, IsString, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';

export class AccessTokenRequestDto {
  @IsString()
  @IsIn(['client_credentials', 'implicit'])
  grant_type: 'client_credentials' | 'implicit';

  @IsString()
  @MaxLength(256)
  client_id: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(512)
  client_secret?: string;
}
