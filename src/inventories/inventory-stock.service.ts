import { Injectable } from '@nestjs/common';
import { NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { EventsPublisher } from '../events/events.publisher';
import type { InventoryTransaction } from '../generated/prisma/client';
import { Db } from '../prisma/prisma.service';
import { LocationsRepository } from './locations.repository';
import { Position, StockRepository } from './stock.repository';
import { TransactionsRepository } from './transactions.repository';
import { TRANSACTION_WIRE, type StockAction } from './transaction.wire';

export interface StockMove {
  action: StockAction;
  quantity: number;
  /** A location's slug; left out, the stock held at no location. */
  location?: string;
}

/** A line of an order whose stock is taken or given back. */
export interface StockLine {
  productId: string;
  quantity: number;
  /** The slug of the location the line takes from; left out, the stock at no location. */
  locationSlug?: string;
}

function refusal(productId: string, move: StockMove, at: Position): UnprocessableError {
  const where = move.location ? `at location ${move.location}` : 'at no location';
  const available = at.total - at.allocated;
  switch (move.action) {
    case 'deallocate':
      return new UnprocessableError('Cannot deallocate', `Product ${productId} has ${at.allocated} allocated ${where}; ${move.quantity} cannot be deallocated`);
    case 'set':
      return new UnprocessableError('Cannot set stock', `Product ${productId} has ${at.allocated} allocated ${where}; its total cannot be set to ${move.quantity}`);
    case 'increment':
      return new UnprocessableError('Stock too large', `Product ${productId} holds ${at.total} ${where}; ${move.quantity} more would pass the largest stock level`);
    default:
      return new UnprocessableError('Insufficient stock', `Product ${productId} has ${available} available ${where}; ${move.quantity} cannot be ${move.action}d`);
  }
}

/**
 * Moves stock inside a caller's transaction. Each move locks the product's stock row first, then changes the
 * position with one guarded statement: stock never goes below zero available nor loses an update, whatever runs
 * beside it. Every move is recorded as a stock transaction and announced (`stock-transaction.created`).
 *
 * `allocate` and `deallocate` are what a checkout and a cancel call, with the order's transaction.
 */
@Injectable()
export class InventoryStock {
  constructor(
    private readonly stock: StockRepository,
    private readonly locations: LocationsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly events: EventsPublisher,
  ) {}

  /** One move of a product's stock; 404 when the product has none, 422 when the move is refused. */
  async transact(tx: Db, productId: string, move: StockMove): Promise<InventoryTransaction> {
    if (!(await this.stock.lock(productId, tx))) throw new NotFoundError('Stock', `Product ${productId} has no stock`);
    return this.moveLocked(tx, productId, move);
  }

  /**
   * Allocates the lines' quantities (an order's items) in the caller's transaction, all or none: a line that
   * cannot be allocated throws 422 naming its product, and the caller's transaction rolls back. Products with
   * no stock are not managed and are left alone. Rows are locked in product order, so two checkouts sharing
   * products queue instead of deadlocking. Answers the ids (lower case) of the products whose stock it allocated.
   */
  async allocate(tx: Db, lines: StockLine[]): Promise<Set<string>> {
    return this.moveLines(tx, lines, 'allocate');
  }

  /** Gives back what `allocate` took for these lines (a cancelled order); 422 if more would be deallocated than is allocated. */
  async deallocate(tx: Db, lines: StockLine[]): Promise<void> {
    await this.moveLines(tx, lines, 'deallocate');
  }

  private async moveLines(tx: Db, lines: StockLine[], action: 'allocate' | 'deallocate'): Promise<Set<string>> {
    const merged = new Map<string, StockLine>();
    for (const line of lines) {
      const key = `${line.productId.toLowerCase()}\n${line.locationSlug ?? ''}`;
      const known = merged.get(key);
      merged.set(key, { productId: line.productId.toLowerCase(), locationSlug: line.locationSlug, quantity: (known?.quantity ?? 0) + line.quantity });
    }
    const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
    const locked = new Set<string>();
    for (const line of sorted) {
      if (!locked.has(line.productId)) {
        if (!(await this.stock.lock(line.productId, tx))) continue;
        locked.add(line.productId);
      }
      await this.moveLocked(tx, line.productId, { action, quantity: line.quantity, location: line.locationSlug });
    }
    return locked;
  }

  private async moveLocked(tx: Db, productId: string, move: StockMove): Promise<InventoryTransaction> {
    const locationId = move.location === undefined ? null : await this.locationId(move.location, tx);
    if (locationId && (move.action === 'increment' || move.action === 'set')) await this.stock.ensurePosition(productId, locationId, tx);
    if (!(await this.stock.move(productId, locationId, move.action, move.quantity, tx))) {
      throw refusal(productId, move, await this.stock.position(productId, locationId, tx));
    }
    const row = await this.transactions.create({ productId, action: move.action, quantity: move.quantity, location: move.location ?? null }, tx);
    await this.events.publish(tx, 'stock-transaction.created', { data: TRANSACTION_WIRE.present(row) });
    return row;
  }

  private async locationId(slug: string, tx: Db): Promise<string> {
    const location = await this.locations.findBySlug(slug, tx);
    if (!location) throw new UnprocessableError('Location not found', `There is no inventory location with the slug ${slug}`, 'data.attributes.location');
    return location.id;
  }
}
