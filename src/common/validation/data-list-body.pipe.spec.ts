import { IsIn, IsUUID } from 'class-validator';
import { ApiError } from '../errors/api-error';
import { DataListBodyPipe, distinctIds } from './data-list-body.pipe';

class TagDto {
  @IsIn(['tag'])
  type: 'tag';

  @IsUUID('all')
  id: string;
}

const ID = '0B6F2D54-3F4E-4C1B-9A7E-2F1C5D8E9A10';

async function refusal(pipe: DataListBodyPipe, body: unknown) {
  const error = await pipe.transform(body).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.status, sources: error.toErrorObjects().map((e) => e.source) };
}

describe('DataListBodyPipe', () => {
  const pipe = new DataListBodyPipe(TagDto, { minItems: 1, maxItems: 2 });

  it('answers each element as an instance of its DTO, unknown members dropped', async () => {
    const tags = await pipe.transform({ data: [{ type: 'tag', id: ID, extra: 1 }] });
    expect(tags).toEqual([{ type: 'tag', id: ID }]);
    expect(tags![0]).toBeInstanceOf(TagDto);
    expect(distinctIds([{ id: ID }, { id: ID.toLowerCase() }])).toEqual([ID.toLowerCase()]);
  });

  it('is a 400 naming every refused element, the bounds and what data must be', async () => {
    expect(await refusal(pipe, { data: [{ type: 'tag', id: 'x' }, { type: 'other', id: ID }] })).toEqual({ status: 400, sources: ['data[0].id', 'data[1].type'] });
    expect(await refusal(pipe, { data: [null] })).toEqual({ status: 400, sources: ['data[0]'] });
    expect(await refusal(pipe, { data: [] })).toEqual({ status: 400, sources: ['data'] });
    expect(await refusal(pipe, { data: [{}, {}, {}] })).toEqual({ status: 400, sources: ['data'] });
    expect(await refusal(pipe, { data: { type: 'tag', id: ID } })).toEqual({ status: 400, sources: ['data'] });
    expect(await refusal(pipe, { data: null })).toEqual({ status: 400, sources: ['data'] });
    expect(await refusal(pipe, [])).toEqual({ status: 400, sources: ['data'] });
  });

  it('takes one element or null where allowed, and refuses undeclared members when closed', async () => {
    const loose = new DataListBodyPipe(TagDto, { minItems: 1, maxItems: 2, orOne: true, orNull: true });
    expect(await loose.transform({ data: { type: 'tag', id: ID } })).toEqual([{ type: 'tag', id: ID }]);
    expect(await loose.transform({ data: null })).toBeNull();
    expect(await refusal(loose, { data: { type: 'tag' } })).toEqual({ status: 400, sources: ['data.id'] });
    const closed = new DataListBodyPipe(TagDto, { minItems: 0, maxItems: 2, closed: true });
    expect(await refusal(closed, { data: [{ type: 'tag', id: ID, extra: 1 }] })).toEqual({ status: 400, sources: ['data[0].extra'] });
  });
});
