import type { PrismaService } from '../../src/prisma/prisma.service';

/**
 * Records the instant each webhook job is claimed for an attempt: the claiming statement's now(), which is
 * the clock a rate-limited integration's bucket is spent by. A test of the rate limit reads these rather
 * than arrival times at a receiver, which also measure how late a loaded machine sends what it claimed.
 * `stop()` removes the recording; call it in a finally.
 */
export async function recordClaimTimes(prisma: PrismaService) {
  await prisma.$executeRawUnsafe('CREATE TABLE IF NOT EXISTS test_claim_times (job_id uuid, claimed_at timestamptz)');
  await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION test_record_claim() RETURNS trigger AS $$
    BEGIN INSERT INTO test_claim_times VALUES (NEW.id, now()); RETURN NEW; END $$ LANGUAGE plpgsql`);
  await prisma.$executeRawUnsafe('DROP TRIGGER IF EXISTS test_record_claim ON integration_jobs');
  await prisma.$executeRawUnsafe(`CREATE TRIGGER test_record_claim AFTER UPDATE ON integration_jobs FOR EACH ROW
    WHEN (NEW.status = 'in_flight' AND NEW.attempts > OLD.attempts) EXECUTE FUNCTION test_record_claim()`);
  return {
    /** The claim instants (ms since the epoch, in order) of the jobs of `integrationId`. */
    async of(integrationId: string): Promise<number[]> {
      const rows = await prisma.$queryRaw<{ ms: number }[]>`
        SELECT (extract(epoch FROM c.claimed_at) * 1000)::float8 AS ms FROM test_claim_times c
        JOIN integration_jobs j ON j.id = c.job_id WHERE j.integration_id = ${integrationId}::uuid ORDER BY c.claimed_at`;
      return rows.map((r) => r.ms);
    },
    async stop() {
      await prisma.$executeRawUnsafe('DROP TRIGGER IF EXISTS test_record_claim ON integration_jobs');
      await prisma.$executeRawUnsafe('DROP FUNCTION IF EXISTS test_record_claim()');
      await prisma.$executeRawUnsafe('DROP TABLE IF EXISTS test_claim_times');
    },
  };
}
