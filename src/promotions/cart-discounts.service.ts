import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { CartsService } from '../carts/carts.service';
import { PrismaService } from '../prisma/prisma.service';
import { PromotionsRepository } from './promotions.repository';

@Injectable()
export class CartDiscountsService {
  constructor(
    private readonly promotions: PromotionsRepository,
    private readonly carts: CartsService,
    private readonly prisma: PrismaService,
  ) {}

  /** Takes the code off the cart and works its totals out again; 404 when the cart does not hold the code. */
  async remove(ref: string, code: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await this.promotions.removeFromCart(ref, code, tx);
      if (!count) throw new NotFoundError('Promotion code', `The cart has no promotion code ${code}`);
      await this.carts.changed(ref, tx);
    });
  }
}
