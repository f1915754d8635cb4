import type { Currency } from '../generated/prisma/client';
import { linkBase } from '../common/http/request-context';
import type { Presented } from '../common/wire/wire-format';
import { CURRENCY_WIRE } from './currency.wire';

export type PresentedCurrency = Presented<typeof CURRENCY_WIRE>;

export const presentCurrency = (row: Currency): PresentedCurrency => CURRENCY_WIRE.present(row, { linkBase: linkBase() });
