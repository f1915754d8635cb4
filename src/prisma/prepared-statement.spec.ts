import { Prisma } from '../generated/prisma/client';
import { prepared, statementNamer } from './prepared-statement';

const marked = (text: string) => ({ sql: prepared(Prisma.sql`${Prisma.raw(text)}`).sql });

describe('statementNamer', () => {
  it('names a marked statement by its text, the same text always the same name', () => {
    const name = statementNamer(16);
    const a = name(marked('SELECT 1'));
    expect(a).toMatch(/^page_[\w-]+$/);
    expect(name(marked('SELECT 1'))).toBe(a);
    expect(name(marked('SELECT 2'))).not.toBe(a);
  });

  it('leaves unmarked statements unnamed', () => {
    expect(statementNamer(16)({ sql: 'SELECT 1' })).toBeUndefined();
  });

  it('names no more than `limit` distinct texts, and keeps naming those', () => {
    const name = statementNamer(2);
    const first = name(marked('SELECT 1'));
    name(marked('SELECT 2'));
    expect(name(marked('SELECT 3'))).toBeUndefined();
    expect(name(marked('SELECT 1'))).toBe(first);
  });

  it('names none with limit 0', () => {
    expect(statementNamer(0)(marked('SELECT 1'))).toBeUndefined();
  });
});
