import type { Account } from '../generated/prisma/client';
import { linkBase } from '../common/http/request-context';
import type { Presented } from '../common/wire/wire-format';
import { ACCOUNT_WIRE } from './account.wire';

export type PresentedAccount = Presented<typeof ACCOUNT_WIRE>;

export const presentAccount = (row: Account): PresentedAccount => ACCOUNT_WIRE.present(row, { linkBase: linkBase() });
