import { Prisma } from '../../generated/prisma/client';
import { finishedLater, registerWireFinisher } from '../wire/wire-format';
import { formatMoney } from './money';

registerWireFinisher('money', formatMoney as (amount: never, currency: never) => string);

/**
 * `displayPrice(amount, currency)` as JSON text, from SQL giving the JSON text of the amount (an integer) and of
 * the currency (a string). `formatted` is written by formatMoney when the page is finished (see wire-format.ts).
 */
export function displayPriceSql(amount: Prisma.Sql, currency: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`'{"amount":' || ${amount} || ',"currency":' || ${currency} || ',"formatted":' || ${finishedLater('money', [amount, currency])} || '}'`;
}
