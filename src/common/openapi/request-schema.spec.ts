import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsHexColor, IsIn, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { parseFilterDate } from '../list-query/filter-values';
import { IsApiDate } from '../validation/is-api-date';
import { Nullable } from '../validation/nullable';
import { OptionalNotNull } from '../validation/optional-not-null';
import { PartialNotNull } from '../validation/partial-not-null';
import { RequiredUnless } from '../validation/required-unless';
import { RequiredText } from '../validation/text-field';
import { listSchema, registerValidatorSchema, requestSchemaName, requestSchemaOf } from './request-schema';

class SizeDto {
  @ApiProperty({ description: 'Centimetres' })
  @IsInt()
  @Min(1)
  @Max(500)
  width: number;
}

class CreateThingDto {
  @RequiredText(40)
  name: string;

  @OptionalNotNull()
  @IsIn(['small', 'large'])
  kind?: string;

  @Nullable()
  @IsString()
  @Matches(/^[A-Z]{2}$/)
  code?: string | null;

  @IsArray()
  @ArrayMaxSize(3)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SizeDto)
  sizes: SizeDto[];
}

class UpdateThingDto extends PartialNotNull(CreateThingDto) {}

describe('requestSchemaOf (the OpenAPI request schema from the DTO validators)', () => {
  it('states types, limits, allowed values, required members and null where the validators do', () => {
    expect(requestSchemaOf(CreateThingDto)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40 },
        kind: { type: 'string', enum: ['small', 'large'] },
        code: { type: ['string', 'null'], pattern: '^[A-Z]{2}$' },
        sizes: {
          type: 'array',
          maxItems: 3,
          items: { type: 'object', properties: { width: { type: 'integer', minimum: 1, maximum: 500, description: 'Centimetres' } }, required: ['width'] },
        },
      },
      required: ['name', 'sizes'],
    });
  });

  it('makes every member of an update optional, and keeps refusing null where the create DTO does', () => {
    const schema = requestSchemaOf(UpdateThingDto) as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(schema.required).toBeUndefined();
    expect(schema.properties.name).toEqual({ type: 'string', minLength: 1, maxLength: 40 });
    expect(schema.properties.code.type).toEqual(['string', 'null']);
    expect(requestSchemaName(UpdateThingDto)).toBe('UpdateThingRequest');
  });

  it('refuses a validator it has no schema for, naming it, until one is registered', () => {
    class WithColour {
      @IsHexColor()
      colour: string;
    }
    expect(() => requestSchemaOf(WithColour)).toThrow(/WithColour\.colour: the validator isHexColor has no JSON Schema/);
    registerValidatorSchema('isHexColor', () => ({ type: 'string', pattern: '^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' }));
    expect(requestSchemaOf(WithColour)).toEqual({ type: 'object', properties: { colour: { type: 'string', pattern: '^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' } }, required: ['colour'] });
  });

  it('states an email address as the email format, with a valid example, and refuses IsEmail with options', () => {
    class WithEmail {
      @IsEmail()
      @MaxLength(255)
      email: string;
    }
    expect(requestSchemaOf(WithEmail)).toEqual({ type: 'object', properties: { email: { type: 'string', format: 'email', example: 'someone@example.com', maxLength: 255 } }, required: ['email'] });
    class WithDisplayName {
      @IsEmail({ allow_display_name: true })
      email: string;
    }
    expect(() => requestSchemaOf(WithDisplayName)).toThrow(/IsEmail with options has no JSON Schema/);
  });

  it('states an API date as the pattern of the text parseFilterDate reads, with a valid example', () => {
    class Window {
      @IsApiDate()
      since: string;
    }
    const since = (requestSchemaOf(Window) as { properties: { since: { type: string; pattern: string; example: string } } }).properties.since;
    expect(since.type).toBe('string');
    const pattern = new RegExp(since.pattern, 'u');
    for (const text of [since.example, '2026-01-05', '2026-01-05t10:00z', '2026-01-05T10:00:00.123+01:00', '1700000000000']) {
      expect([text, pattern.test(text), parseFilterDate(text) !== null]).toEqual([text, true, true]);
    }
    for (const text of ['', 'yesterday', '2026-01-05x', '2026-1-5', '1234567890123456']) {
      expect([text, pattern.test(text), parseFilterDate(text) !== null]).toEqual([text, false, false]);
    }
  });

  it('refuses a condition that reads another member, and limits stated in @ApiProperty', () => {
    class Conditional {
      @ValidateIf((o: { region?: string }) => o.region === undefined)
      @IsString()
      country?: string;
    }
    expect(() => requestSchemaOf(Conditional)).toThrow(/Conditional\.country: its condition reads region/);
    class Restated {
      @ApiProperty({ maxLength: 10 })
      @IsString()
      @MaxLength(10)
      name: string;
    }
    expect(() => requestSchemaOf(Restated)).toThrow(/maxLength/);
  });

  it('states members required unless another is given as one of the two sets, each validated whenever present', () => {
    class Located {
      @OptionalNotNull() @IsString() region?: string;
      @RequiredUnless('region') @IsString() county?: string;
      @RequiredUnless('sku') @RequiredText() id?: string;
      @OptionalNotNull() @IsString() sku?: string;
    }
    const schema = requestSchemaOf(Located);
    expect(schema.required).toBeUndefined();
    expect(schema.allOf).toEqual([{ anyOf: [{ required: ['region'] }, { required: ['county'] }] }, { anyOf: [{ required: ['sku'] }, { required: ['id'] }] }]);
    expect((schema.properties as Record<string, unknown>).id).toEqual({ type: 'string', minLength: 1, maxLength: 255 });
  });

  it('closes every object of a closed body, and states a list with its bounds, one element or null beside it', () => {
    const closed = requestSchemaOf(CreateThingDto, { closed: true });
    expect(closed.additionalProperties).toBe(false);
    expect(((closed.properties as Record<string, Record<string, unknown>>).sizes.items as Record<string, unknown>).additionalProperties).toBe(false);
    const element = { type: 'object' };
    expect(listSchema(element, { minItems: 1, maxItems: 5 })).toEqual({ type: 'array', items: element, minItems: 1, maxItems: 5 });
    expect(listSchema(element, { minItems: 0, maxItems: 5, orOne: true, orNull: true })).toEqual({
      anyOf: [element, { type: 'array', items: element, minItems: 0, maxItems: 5 }, { type: 'null' }],
    });
  });
});
