import type { ClaimedJob } from './jobs.repository';

/**
 * The body of one delivery attempt, as Elastic Path's webhooks carry it, byte for byte
 * `JSON.stringify({id, triggered_by, attempt, integration, resources, payload, configuration})`.
 * `configuration` is the receiving integration's own (`url`, and `secret_key` when it has one): the body
 * only ever goes to that integration's URL, like the X-MOLTIN-SECRET-KEY header.
 * `payload` and `resources` are the event's, serialised once per event (`resources` a JSON string, except for deletions).
 */
export function webhookBody(job: ClaimedJob, attempt: number, json: { payload: string; resources: string }): string {
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
