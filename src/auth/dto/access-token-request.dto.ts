import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class AccessTokenRequestDto {
  @IsString()
  @IsIn(['client_credentials', 'implicit'])
  grant_type: 'client_credentials' | 'implicit';

  @IsString()
  @MaxLength(256)
  client_id: string;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  client_secret?: string;
}
