import { defineLifecycle } from '../common/lifecycle';

export const SHIPPING_STATUSES = ['unfulfilled', 'fulfilled'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** `fulfil`: the order is shipped; `amend`: its shipping address or status changes. */
export type ShippingAction = 'fulfil' | 'amend';

/** A fulfilled order is final: its shipping, shipping address and status no longer change. */
export const SHIPPING_LIFECYCLE = defineLifecycle<ShippingStatus, ShippingAction>('shipping', ['unfulfilled'], {
  unfulfilled: { fulfil: ['fulfilled'], amend: ['unfulfilled'] },
  fulfilled: {},
});
