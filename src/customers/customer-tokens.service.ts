import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '../common/errors/api-error';
import { RateLimitStore } from '../common/throttling/rate-limit.store';
import { countSignInAttempt } from '../common/throttling/sign-in-attempts';
import { CustomerTokenDto } from './dto/customer-token.dto';
import { presentCustomerToken } from './customers.presenter';
import { CustomersRepository, emailKey } from './customers.repository';
import { decoyHash, verifyPassword } from './password-hash';

/** A customer token lasts a day, as Elastic Path's do. */
export const CUSTOMER_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export { SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS } from '../common/throttling/sign-in-attempts';

/** One answer for an unknown email and a wrong password, so neither tells which emails are customers. */
const BAD_CREDENTIALS = 'The email or password is incorrect';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class CustomerTokensService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly limits: RateLimitStore,
  ) {}

  /** `POST /v2/customers/tokens`: 201 with a new token, 401 for bad credentials, 429 past the attempt limit. */
  async issue(dto: CustomerTokenDto) {
    const key = emailKey(dto.email);
    await countSignInAttempt(this.limits, 'customer-sign-in', key);
    const customer = await this.customers.findByEmail(key);
    // Hash even when there is nothing to compare against, so an unknown email answers as slowly as a known one.
    const matches = await verifyPassword(dto.password, customer?.passwordHash ?? (await decoyHash()));
    if (!customer?.passwordHash || !matches) throw new ApiError(401, 'Unauthorized', BAD_CREDENTIALS);

    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.customers.deleteExpiredTokens(customer.id, new Date(now));
    const row = await this.customers.createToken({ customerId: customer.id, tokenHash: hashToken(token), expiresAt: new Date(now + CUSTOMER_TOKEN_TTL_MS) });
    return presentCustomerToken(row, token);
  }

  /** The customer a token stands for, or null when it is unknown, forged or expired. */
  async customerOf(token: string): Promise<string | null> {
    if (token.length === 0 || token.length > 512) return null;
    const row = await this.customers.findLiveToken(hashToken(token), new Date());
    return row?.customerId ?? null;
  }
}
