import { IsIn, IsString, MaxLength } from 'class-validator';
import { OptionalText } from '../../common/validation/text-field';

export class AccessTokenRequestDto {
  @IsString()
  @IsIn(['client_credentials', 'implicit'])
  grant_type: 'client_credentials' | 'implicit';

  @IsString()
  @MaxLength(256)
  client_id: string;

  @OptionalText(512)
  client_secret?: string;
}
