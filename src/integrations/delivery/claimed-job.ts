/** A claimed job with what its send needs: the event and the integration, read by the claim itself. */
export interface ClaimedJob {
  id: string;
  event_id: string;
  integration_id: string;
  /** This attempt's 1-based number (already counted in the row). */
  attempts: number;
  /** The status the claim found (pending, retrying, or in_flight with an expired lease): see unclaim. */
  previous_status: string;
  /** Earlier tries that were throttled (logged `rate_limited`): they did not use up a scheduled attempt. */
  throttled: number;
  event_name: string;
  payload: unknown;
  enabled: boolean;
  url: string;
  name: string;
  description: string;
  integration_type: string;
  secret_key: string | null;
  signing_secret: string;
  /** The signing secret before the last change, while it still signs too (rotation), else null. */
  previous_signing_secret: string | null;
  /** At most this many of the integration's deliveries in flight in this process (null: the lanes' share). */
  max_concurrency: number | null;
  /** At most this many attempts a second to the integration, across all servers (null: no limit). */
  rate_limit_per_second: number | null;
  /** How old the event was when the job was claimed (database clock), for the event-to-delivery latency. */
  event_age_ms: number;
}
