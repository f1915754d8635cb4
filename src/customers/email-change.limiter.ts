import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { rateLimitError } from '../common/throttling/rate-limit.guard';
import { RateLimitStore } from '../common/throttling/rate-limit.store';
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
    // Keyed by a hash: the counters (in Redis with REDIS_URL) never hold an email address.
    const address = createHash('sha256').update(emailKey(email)).digest('hex');
    for (const key of [`customer-email-change:customer:${customerId}`, `customer-email-change:address:${address}`]) {
      const record = await this.limits.increment(key, EMAIL_CHANGE_WINDOW_MS, EMAIL_CHANGES, 0);
      if (record.isBlocked) {
        throw rateLimitError({ limit: EMAIL_CHANGES, ttl: EMAIL_CHANGE_WINDOW_MS, timeToBlockExpire: record.timeToBlockExpire });
      }
    }
  }
}
