import type { Customer, CustomerToken } from '../generated/prisma/client';
import { linkBase } from '../common/http/request-context';
import type { Presented } from '../common/wire/wire-format';
import { CUSTOMER_TOKEN_WIRE, CUSTOMER_WIRE } from './customer.wire';

export type PresentedCustomer = Presented<typeof CUSTOMER_WIRE>;
export type PresentedCustomerToken = Presented<typeof CUSTOMER_TOKEN_WIRE>;

export const presentCustomer = (row: Customer): PresentedCustomer => CUSTOMER_WIRE.present(row, { linkBase: linkBase() });

export const presentCustomerToken = (row: CustomerToken, token: string): PresentedCustomerToken => CUSTOMER_TOKEN_WIRE.present({ ...row, token });
