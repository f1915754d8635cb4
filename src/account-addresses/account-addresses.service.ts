import { Injectable } from '@nestjs/common';
import { isImplicit } from '../auth/access.decorators';
import { NotFoundError } from '../common/errors/api-error';
import { linkBase, type Principal } from '../common/http/request-context';
import { ListQuery, page } from '../common/list-query';
import type { AccountAddress, Prisma } from '../generated/prisma/client';
import { AccountsService } from '../accounts/accounts.service';
import { EventsPublisher } from '../events/events.publisher';
import { Db, PrismaService } from '../prisma/prisma.service';
import { ACCOUNT_ADDRESS_WIRE } from './account-address.wire';
import { AccountAddressesRepository } from './account-addresses.repository';
import { CreateAccountAddressDto, UpdateAccountAddressDto } from './dto/account-address.dto';

const present = (row: AccountAddress) => ACCOUNT_ADDRESS_WIRE.present(row, { linkBase: linkBase() });

type AddressColumns = Omit<Prisma.AccountAddressUncheckedCreateInput, 'accountId'>;

/** The columns of an address from the fields a request sent (absent ones untouched). */
function columns(dto: CreateAccountAddressDto): AddressColumns;
function columns(dto: UpdateAccountAddressDto): Partial<AddressColumns>;
function columns(dto: UpdateAccountAddressDto): Partial<AddressColumns> {
  return {
    name: dto.name,
    firstName: dto.first_name,
    lastName: dto.last_name,
    companyName: dto.company_name,
    phoneNumber: dto.phone_number,
    instructions: dto.instructions,
    line1: dto.line_1,
    line2: dto.line_2,
    city: dto.city,
    county: dto.county,
    region: dto.region,
    postcode: dto.postcode,
    country: dto.country,
  };
}

/**
 * An account's addresses. A client-credentials token reaches any account's; a storefront reaches them only
 * with an account token, and only its own account's: any other account is 404, as if it did not exist.
 */
@Injectable()
export class AccountAddressesService {
  constructor(
    private readonly addresses: AccountAddressesRepository,
    private readonly accounts: AccountsService,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  async create(accountId: string, dto: CreateAccountAddressDto, principal?: Principal) {
    return this.prisma.$transaction(async (tx) => {
      await this.requireAccount(accountId, principal, tx);
      const row = await this.addresses.create({ ...columns(dto), accountId }, tx);
      const presented = present(row);
      await this.events.publish(tx, 'address.created', { data: presented });
      return presented;
    });
  }

  async list(accountId: string, q: ListQuery, principal?: Principal) {
    await this.requireAccount(accountId, principal);
    const { items, total, all } = await this.addresses.list(accountId, q);
    return page(items.map(present), total, q, all);
  }

  async get(accountId: string, id: string, principal?: Principal) {
    return present(await this.require(accountId, id, principal));
  }

  async update(accountId: string, id: string, dto: UpdateAccountAddressDto, principal?: Principal) {
    return this.prisma.$transaction(async (tx) => {
      await this.require(accountId, id, principal, tx);
      const presented = present(await this.addresses.update(id, columns(dto), tx));
      await this.events.publish(tx, 'address.updated', { data: presented });
      return presented;
    });
  }

  async delete(accountId: string, id: string, principal?: Principal) {
    await this.prisma.$transaction(async (tx) => {
      await this.require(accountId, id, principal, tx);
      await this.addresses.delete(id, tx);
      await this.events.publish(tx, 'address.deleted', { type: 'address', id });
    });
  }

  /** A storefront reaches its own account only; any other is not found, as if it did not exist. */
  private assertOwnAccount(accountId: string, principal: Principal | undefined) {
    if (isImplicit(principal) && principal?.accountId !== accountId) throw new NotFoundError('Account');
  }

  private async requireAccount(accountId: string, principal: Principal | undefined, db: Db = this.prisma) {
    this.assertOwnAccount(accountId, principal);
    if (!(await this.accounts.exists(accountId, db))) throw new NotFoundError('Account');
  }

  /** The address, if it is one of the account's: one read, which also tells that the account exists. */
  private async require(accountId: string, id: string, principal: Principal | undefined, db: Db = this.prisma) {
    this.assertOwnAccount(accountId, principal);
    const row = await this.addresses.find(accountId, id, db);
    if (!row) throw new NotFoundError('Address');
    return row;
  }
}
