import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { EventsPublisher } from '../events/events.publisher';
import type { Customer } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CreateCustomerDto, UpdateCustomerDto } from './dto/customer.dto';
import { presentCustomer } from './customers.presenter';
import { CustomersRepository, emailKey } from './customers.repository';
import { hashPassword } from './password-hash';

const EMAIL_TAKEN = 'A customer with this email already exists';

@Injectable()
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  async create(dto: CreateCustomerDto) {
    // Hashed before the transaction: it is slow, and holds no lock.
    const passwordHash = dto.password !== undefined ? await hashPassword(dto.password) : null;
    return this.prisma.$transaction(async (tx) => {
      if (await this.customers.findByEmail(dto.email, tx)) throw new ConflictError(EMAIL_TAKEN, 'data.email');
      const row = await this.customers.create({ name: dto.name, email: dto.email, emailKey: emailKey(dto.email), passwordHash }, tx);
      const presented = presentCustomer(row);
      await this.events.publish(tx, 'customer.created', { data: presented });
      return presented;
    });
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.customers.list(q);
    return page(items.map((row) => presentCustomer(row)), total, q, all);
  }

  async get(id: string) {
    return presentCustomer(await this.require(id));
  }

  /** The record, or null: for checkout linking an order to a customer. */
  find(id: string, db: Db = this.prisma): Promise<Customer | null> {
    return this.customers.find(id, db);
  }

  async update(id: string, dto: UpdateCustomerDto) {
    const passwordHash = dto.password !== undefined ? await hashPassword(dto.password) : undefined;
    return this.prisma.$transaction(async (tx) => {
      const before = await this.require(id, tx);
      if (dto.email !== undefined) {
        const holder = await this.customers.findByEmail(dto.email, tx);
        if (holder && holder.id !== id) throw new ConflictError(EMAIL_TAKEN, 'data.email');
      }
      const row = await this.customers.update(
        id,
        {
          ...(dto.name !== undefined ? { name: dto.name } : {}),
          ...(dto.email !== undefined ? { email: dto.email, emailKey: emailKey(dto.email) } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
        },
        tx,
      );
      // Tokens are looked up in the database on every request: deleting them here revokes them on every replica
      // when the change commits.
      if (passwordHash !== undefined || (dto.email !== undefined && emailKey(dto.email) !== before.emailKey)) {
        await this.customers.deleteTokens(id, tx);
      }
      const presented = presentCustomer(row);
      await this.events.publish(tx, 'customer.updated', { data: presented });
      return presented;
    });
  }

  /** Its tokens go with it (cascade), so a deleted shopper's token stops working at once. */
  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      await this.require(id, tx);
      await this.customers.delete(id, tx);
      await this.events.publish(tx, 'customer.deleted', { type: 'customer', id });
    });
  }

  private async require(id: string, db: Db = this.prisma) {
    const row = await this.customers.find(id, db);
    if (!row) throw new NotFoundError('Customer');
    return row;
  }
}
