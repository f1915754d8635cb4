import { Injectable } from '@nestjs/common';
import { RateLimitStore } from '../common/throttling/rate-limit.store';
import { countAttempt } from '../common/throttling/sign-in-attempts';
import { emailKey } from './customers.repository';

/**
 * Email changes a shopper may ask for in a sliding window, counted per customer and per address asked for. A
 * change to another customer's address answers 409, as Elastic Path's does, so unlimited changes would let one
 * shopper (or many, on one address) learn which addresses are customers'.
 */
export const EMAIL_CHANGES = 5;
export const EMAIL_CHANGE_WINDOW_MS = 60 * 60 * 1000;

@Injectable()
export class EmailChangeLimiter {
  constructor(private readonly limits: RateLimitStore) {}

  /** Counts one change by `customerId` to `email`; 429 past the limit of either. */
  async count(customerId: string, email: string): Promise<void> {
    await countAttempt(this.limits, 'customer-email-change:customer', customerId, EMAIL_CHANGES, EMAIL_CHANGE_WINDOW_MS);
    await countAttempt(this.limits, 'customer-email-change:address', emailKey(email), EMAIL_CHANGES, EMAIL_CHANGE_WINDOW_MS);
  }
}
