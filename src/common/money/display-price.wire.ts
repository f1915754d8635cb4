import { Prisma } from '../../generated/prisma/client';
import { col, computed, finishedLater, registerWireFinisher, type WireMember } from '../wire/wire-format';
import { ref } from '../openapi/json-schema';
import { WIRE } from '../openapi/wire-schemas';
import { displayPrice, formatMoney } from './money';

registerWireFinisher('money', formatMoney as (amount: never, currency: never) => string);

/**
 * `displayPrice(amount, currency)` as JSON text, from SQL giving the JSON text of the amount (an integer) and of
 * the currency (a string). `formatted` is written by formatMoney when the page is finished (see wire-format.ts).
 */
export function displayPriceSql(amount: Prisma.Sql, currency: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`'{"amount":' || ${amount} || ',"currency":' || ${currency} || ',"formatted":' || ${finishedLater('money', [amount, currency])} || '}'`;
}

/** An integer amount in SQL over the row aliased `t`: the name of its column, or an expression. */
export type AmountSql = string | ((t: Prisma.Sql) => Prisma.Sql);

export function amountSql(amount: AmountSql, t: Prisma.Sql): Prisma.Sql {
  return typeof amount === 'string' ? col(t, amount) : amount(t);
}

/** `displayPrice(amount, currency)` of an integer amount in the row's `currency`. */
export function displayPriceMember<Row extends { currency: string }, K extends string = string>(key: K, amount: (row: Row) => number, sql: AmountSql): WireMember<Row, void, K, ReturnType<typeof displayPrice>> {
  return computed<Row, void, K, ReturnType<typeof displayPrice>>(
    key,
    (row) => displayPrice(amount(row), row.currency),
    (t) => displayPriceSql(Prisma.sql`(${amountSql(sql, t)})::text`, Prisma.sql`to_json(${col(t, 'currency')})::text`),
    ref(WIRE.DisplayPrice),
  );
}
