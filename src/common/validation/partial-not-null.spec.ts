import { PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsObject, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { ApiError } from '../errors/api-error';
import { DataBodyPipe } from './data-body.pipe';
import { Nullable } from './nullable';
import { OptionalNotNull } from './optional-not-null';
import { PartialNotNull } from './partial-not-null';

class SizeDto {
  @IsInt()
  @Min(1)
  width: number;
}

class CreateThingDto {
  @IsString()
  @IsNotEmpty()
  name: string;

  @OptionalNotNull()
  @IsString()
  description?: string;

  @Nullable()
  @IsString()
  @MaxLength(5)
  code?: string | null;

  @IsObject()
  @ValidateNested()
  @Type(() => SizeDto)
  size: SizeDto;
}

class UpdateThingDto extends PartialNotNull(CreateThingDto) {}

/** PartialType as it comes: its @IsOptional() skips null. */
class LooseUpdateThingDto extends PartialType(CreateThingDto) {}

async function statusOf(dto: Function, data: Record<string, unknown>): Promise<{ status: number; sources: string[] }> {
  try {
    await new DataBodyPipe().transform({ data }, { type: 'body', metatype: dto as never });
    return { status: 200, sources: [] };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.status, sources: err.toErrorObjects().map((e) => String(e.source)) };
  }
}

describe('PartialNotNull (an update DTO from its create DTO)', () => {
  it('accepts an empty update and any one field', async () => {
    expect(await statusOf(UpdateThingDto, {})).toEqual({ status: 200, sources: [] });
    expect((await statusOf(UpdateThingDto, { name: 'x' })).status).toBe(200);
    expect((await statusOf(UpdateThingDto, { size: { width: 2 } })).status).toBe(200);
  });

  it('answers 400 to null on a field that cannot hold it, required or optional in the create DTO', async () => {
    expect(await statusOf(UpdateThingDto, { name: null })).toEqual({ status: 400, sources: ['data.name'] });
    expect(await statusOf(UpdateThingDto, { description: null })).toEqual({ status: 400, sources: ['data.description'] });
    expect(await statusOf(UpdateThingDto, { size: null })).toEqual({ status: 400, sources: ['data.size'] });
  });

  it('lets null clear a @Nullable() field, and still validates its other values', async () => {
    expect((await statusOf(UpdateThingDto, { code: null })).status).toBe(200);
    expect(await statusOf(UpdateThingDto, { code: 'too-long' })).toEqual({ status: 400, sources: ['data.code'] });
  });

  it('keeps the create DTO rules, nested ones included', async () => {
    expect(await statusOf(UpdateThingDto, { name: '' })).toEqual({ status: 400, sources: ['data.name'] });
    expect(await statusOf(UpdateThingDto, { size: { width: 0 } })).toEqual({ status: 400, sources: ['data.size.width'] });
  });

  it('is needed: PartialType alone lets null through to a field that cannot hold it', async () => {
    expect((await statusOf(LooseUpdateThingDto, { name: null })).status).toBe(200);
  });
});
