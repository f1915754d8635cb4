import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { EventsPublisher } from '../events/events.publisher';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CreateAccountDto, UpdateAccountDto } from './dto/account.dto';
import { presentAccount } from './accounts.presenter';
import { AccountsRepository } from './accounts.repository';

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  async create(dto: CreateAccountDto) {
    return this.prisma.$transaction(async (tx) => {
      const row = await this.accounts.create({ name: dto.name, legalName: dto.legal_name, registrationId: dto.registration_id ?? null }, tx);
      const presented = presentAccount(row);
      await this.events.publish(tx, 'account.created', { data: presented });
      return presented;
    });
  }

  /** For other modules: an account made inside their transaction (a member signing up gets one of its own). */
  async createWithin(tx: Db, data: { name: string }) {
    const row = await this.accounts.create({ name: data.name, legalName: data.name }, tx);
    await this.events.publish(tx, 'account.created', { data: presentAccount(row) });
    return row;
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.accounts.list(q);
    return page(items.map((row) => presentAccount(row)), total, q, all);
  }

  async get(id: string) {
    return presentAccount(await this.require(id));
  }

  /** For other modules (e.g. orders linking an account). */
  async exists(id: string, db: Db = this.prisma) {
    return (await this.accounts.find(id, db)) !== null;
  }

  async update(id: string, dto: UpdateAccountDto) {
    return this.prisma.$transaction(async (tx) => {
      await this.require(id, tx);
      const row = await this.accounts.update(
        id,
        { name: dto.name, legalName: dto.legal_name, ...(dto.registration_id !== undefined ? { registrationId: dto.registration_id } : {}) },
        tx,
      );
      const presented = presentAccount(row);
      await this.events.publish(tx, 'account.updated', { data: presented });
      return presented;
    });
  }

  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      await this.require(id, tx);
      await this.accounts.delete(id, tx);
      await this.events.publish(tx, 'account.deleted', { type: 'account', id });
    });
  }

  private async require(id: string, db: Db = this.prisma) {
    const row = await this.accounts.find(id, db);
    if (!row) throw new NotFoundError('Account');
    return row;
  }
}
