-- Custom items: cart lines named and priced by the client, with no catalog product behind them.
-- AlterTable
ALTER TABLE "cart_items" ADD COLUMN     "type" TEXT NOT NULL DEFAULT 'cart_item',
ALTER COLUMN "product_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "order_items" ALTER COLUMN "product_id" DROP NOT NULL;
