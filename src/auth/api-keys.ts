import type { AppConfig } from '../config/app-config';
import type { Prisma } from '../generated/prisma/client';
import type { PrismaService } from '../prisma/prisma.service';
import { ApiClientsRepository, KeyName } from './api-clients.repository';
import { hashSecret, randomToken, verifySecret } from './secret-hash';

/** scrypt runs once per stored key and configured key inside the transaction; a loaded machine is slow. */
const TRANSACTION_LIMITS = { maxWait: 60_000, timeout: 60_000 };

export interface ConfiguredKey {
  name: KeyName;
  clientId: string;
  secret: string;
}

export interface KeyPair {
  clientId: string;
  clientSecret: string;
}

/** The keys CLIENT_ID/CLIENT_SECRET (and, during a rotation, CLIENT_ID_PREVIOUS/CLIENT_SECRET_PREVIOUS) ask for. */
export function configuredKeys(auth: AppConfig['auth']): ConfiguredKey[] {
  if (!auth.clientId || !auth.clientSecret) return [];
  const keys: ConfiguredKey[] = [{ name: 'default', clientId: auth.clientId, secret: auth.clientSecret }];
  if (auth.previous) keys.push({ name: 'previous', clientId: auth.previous.clientId, secret: auth.previous.clientSecret });
  return keys;
}

/**
 * The store's API keys, kept in the database so that every replica checks a secret against the same rows.
 * Revoking a key deletes its row, and its access tokens with it. Each change runs in one transaction under
 * an advisory lock.
 */
export class ApiKeys {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clients: ApiClientsRepository,
  ) {}

  /**
   * Makes the stored keys exactly the configured ones: a configured key already stored keeps its tokens,
   * a new one is added, and every other key — an old CLIENT_ID/CLIENT_SECRET, a generated pair, a previous
   * key no longer configured — is revoked with its tokens. Returns the client_ids revoked.
   */
  async applyConfigured(keys: ConfiguredKey[]): Promise<string[]> {
    return this.prisma.$transaction(async (tx) => {
      await lockKeys(tx);
      const stored = await this.clients.findAll(tx);
      const kept = new Set<string>();
      for (const key of keys) {
        const match = await findStored(stored, key, kept);
        if (!match) {
          // Hashed only when it is new: a restart with the same configuration verifies, it does not hash too.
          const secretHash = await hashSecret(key.secret);
          kept.add((await this.clients.create({ name: key.name, clientId: key.clientId, secretHash, origin: 'configured' }, tx)).id);
          continue;
        }
        kept.add(match.id);
        if (match.name !== key.name || match.origin !== 'configured') await this.clients.label(match.id, key.name, 'configured', tx);
      }
      const revoked = stored.filter((row) => !kept.has(row.id));
      if (revoked.length) await this.clients.deleteMany(revoked.map((row) => row.id), tx);
      return revoked.map((row) => row.clientId);
    }, TRANSACTION_LIMITS);
  }

  /**
   * With no key configured: revokes the keys that came from a configuration removed since, and generates a
   * pair when no key is left (the first start). Returns the new pair (to be shown once) or null.
   */
  async ensureGenerated(): Promise<{ created: KeyPair | null; revoked: string[] }> {
    // A restart finds the pair it generated before: nothing to revoke, and no new secret to hash (scrypt is slow
    // on purpose) only to throw away. Anything else is decided under the lock below.
    const current = await this.clients.findAll();
    if (current.length && current.every((row) => row.origin !== 'configured')) return { created: null, revoked: [] };
    const pair = newPair();
    const secretHash = await hashSecret(pair.clientSecret);
    return this.prisma.$transaction(async (tx) => {
      await lockKeys(tx);
      const stored = await this.clients.findAll(tx);
      const revoked = stored.filter((row) => row.origin === 'configured');
      if (revoked.length) await this.clients.deleteMany(revoked.map((row) => row.id), tx);
      if (stored.length > revoked.length) return { created: null, revoked: revoked.map((row) => row.clientId) };
      await this.clients.create({ name: 'default', clientId: pair.clientId, secretHash, origin: 'generated' }, tx);
      return { created: pair, revoked: revoked.map((row) => row.clientId) };
    }, TRANSACTION_LIMITS);
  }

  /** Revokes every key (and its tokens) and generates a new pair: the way back from a lost generated key. */
  async reset(): Promise<{ created: KeyPair; revoked: string[] }> {
    const pair = newPair();
    const secretHash = await hashSecret(pair.clientSecret);
    return this.prisma.$transaction(async (tx) => {
      await lockKeys(tx);
      const stored = await this.clients.findAll(tx);
      if (stored.length) await this.clients.deleteMany(stored.map((row) => row.id), tx);
      await this.clients.create({ name: 'default', clientId: pair.clientId, secretHash, origin: 'generated' }, tx);
      return { created: pair, revoked: stored.map((row) => row.clientId) };
    }, TRANSACTION_LIMITS);
  }
}

/** Taken by whatever changes the set of keys, so that replicas starting together agree on one outcome. */
async function lockKeys(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(72410001)`;
}

type StoredKey = { id: string; clientId: string; secretHash: string };

async function findStored<T extends StoredKey>(stored: T[], key: ConfiguredKey, taken: Set<string>): Promise<T | undefined> {
  for (const row of stored) {
    if (taken.has(row.id) || row.clientId !== key.clientId) continue;
    if (await verifySecret(key.secret, row.secretHash)) return row;
  }
  return undefined;
}

function newPair(): KeyPair {
  return { clientId: randomToken(20), clientSecret: randomToken(24) };
}
