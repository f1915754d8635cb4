import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNumber, IsString, IsUUID, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { ResourceType } from '../../common/validation/text-field';
import { NestedObject } from '../../common/validation/body-members';

export class GeolocationDto {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-90)
  @Max(90)
  lat: number;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-180)
  @Max(180)
  lon: number;
}

export class LocationAttributesDto {
  @IsString()
  @MinLength(3)
  @MaxLength(1024)
  name: string;

  @IsString()
  @MinLength(1)
  @MaxLength(128)
  slug: string;

  @OptionalNotNull()
  @IsString()
  @MinLength(3)
  @MaxLength(1024)
  external_ref?: string;

  @OptionalNotNull()
  @IsString()
  @MinLength(3)
  @MaxLength(1024)
  description?: string;

  @OptionalNotNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  address?: string[];

  @OptionalNotNull()
  @NestedObject(() => GeolocationDto)
  geolocation?: GeolocationDto;
}

/** `POST /v2/inventories/locations`. */
export class CreateLocationDto {
  @ResourceType('inventory_location')
  type?: string;

  @NestedObject(() => LocationAttributesDto)
  attributes: LocationAttributesDto;
}

/** A location's changes: `null` clears `external_ref`, `description`, `address` and `geolocation`. */
export class LocationUpdateAttributesDto {
  @OptionalNotNull()
  @IsString()
  @MinLength(3)
  @MaxLength(1024)
  name?: string;

  @OptionalNotNull()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  slug?: string;

  @Nullable()
  @IsString()
  @MinLength(3)
  @MaxLength(1024)
  external_ref?: string | null;

  @Nullable()
  @IsString()
  @MinLength(3)
  @MaxLength(1024)
  description?: string | null;

  @Nullable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  address?: string[] | null;

  @Nullable()
  @NestedObject(() => GeolocationDto)
  geolocation?: GeolocationDto | null;
}

/** `PUT /v2/inventories/locations/:id`. */
export class UpdateLocationDto {
  @IsIn(['inventory_location'])
  type: string;

  @IsString()
  @IsUUID()
  id: string;

  @NestedObject(() => LocationUpdateAttributesDto)
  attributes: LocationUpdateAttributesDto;
}
