import { signPayload } from '../signing';
import type { ClaimedJob } from './claimed-job';

export const USER_AGENT = 'CommerceAPI-Webhooks/1.0';

/** An event's payload serialised for the body: as `payload`, and as `resources` (a JSON string, except for deletions). */
export interface EventJson {
  payload: string;
  resources: string;
}

/** Serialised once per event: the jobs of one event (one per observing integration) share it. */
export function eventJson(job: Pick<ClaimedJob, 'payload' | 'event_name'>): EventJson {
  const payload = JSON.stringify(job.payload);
  return { payload, resources: job.event_name.endsWith('.deleted') ? payload : JSON.stringify(payload) };
}

/** What one attempt POSTs: these exact bytes are signed and sent. */
export interface WebhookMessage {
  body: string;
  headers: Record<string, string>;
}

/**
 * One delivery attempt's request. Serialised once per attempt: `attempt` is part of the body, so the bytes and
 * signature differ between attempts while `webhook-id` (the event id) stays the same. `timestampSeconds` is now.
 */
export function webhookMessage(job: ClaimedJob, attempt: number, json: EventJson, timestampSeconds: number): WebhookMessage {
  const body = webhookBody(job, attempt, json);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-moltin-integration-trigger': job.event_name,
    'webhook-id': job.event_id,
    'webhook-timestamp': String(timestampSeconds),
    // During a rotation the previous secret signs too: receivers accept either (Standard Webhooks).
    'webhook-signature': [job.signing_secret, job.previous_signing_secret]
      .filter((secret): secret is string => secret !== null)
      .map((secret) => signPayload(secret, job.event_id, timestampSeconds, body))
      .join(' '),
  };
  if (job.secret_key) headers['x-moltin-secret-key'] = job.secret_key;
  return { body, headers };
}

/**
 * The body of one delivery attempt, as Elastic Path's webhooks carry it, byte for byte
 * `JSON.stringify({id, triggered_by, attempt, integration, resources, payload, configuration})`.
 * `configuration` is the receiving integration's own (`url`, and `secret_key` when it has one): the body
 * only ever goes to that integration's URL, like the X-MOLTIN-SECRET-KEY header.
 * `payload` and `resources` are the event's, serialised once per event (`resources` a JSON string, except for deletions).
 */
export function webhookBody(job: ClaimedJob, attempt: number, json: EventJson): string {
  const integration = JSON.stringify({ id: job.integration_id, integration_type: job.integration_type, name: job.name, description: job.description });
  const configuration = JSON.stringify({ url: job.url, ...(job.secret_key ? { secret_key: job.secret_key } : {}) });
  return (
    `{"id":${JSON.stringify(job.event_id)},"triggered_by":${JSON.stringify(job.event_name)},"attempt":${attempt},` +
    `"integration":${integration},"resources":${json.resources},"payload":${json.payload},"configuration":${configuration}}`
  );
}

/** A receiver's answer as it is logged: a receiver that echoes the request back must not put its secret_key in the logs. */
export function withoutSecretKey(responseBody: string, secretKey: string | null): string {
  return secretKey ? responseBody.split(secretKey).join('[secret_key]') : responseBody;
}
