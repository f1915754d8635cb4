import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { EventsPublisher } from '../../src/events/events.publisher';
import { TestApp } from '../support/test-app';
import { useWebhookApp } from '../support/webhooks';

/** What a webhook request carries: the documented body, signed headers (Standard Webhooks), secret keys and their rotation; which events are sent. */
describe('webhook requests: body, signatures and events', () => {
  const suite = useWebhookApp();
  const { receiver, integrate, publish, drain, jobOf } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });

  it('delivers order.fulfilled and transaction.created with the documented body and signed headers; disabled and non-observing integrations get nothing', async () => {
    const r = await receiver();
    const other = await receiver();
    const off = await receiver();
    const hook = await integrate(r.url, ['order.fulfilled', 'transaction.created']);
    await integrate(other.url, ['order.paid']);
    await integrate(off.url, ['order.fulfilled'], { enabled: false });
    const orderId = randomUUID();
    const txId = randomUUID();
    const orderPayload = { data: { type: 'order', id: orderId, status: 'complete', shipping: 'fulfilled' }, included: { items: [{ type: 'order_item', id: randomUUID() }] } };
    const txPayload = { data: { type: 'transaction', id: txId, amount: 4000, relationships: { order: { data: { type: 'order', id: orderId } } } } };
    await publish('order.fulfilled', orderPayload);
    await publish('transaction.created', txPayload);
    await drain();

    expect(r.requests).toHaveLength(2);
    expect(other.requests).toHaveLength(0);
    expect(off.requests).toHaveLength(0);
    const wh = new Webhook(hook.configuration.signing_secret!);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: { in: ['order.fulfilled', 'transaction.created'] } } });
    for (const [name, payload] of [
      ['order.fulfilled', orderPayload],
      ['transaction.created', txPayload],
    ] as const) {
      const req = r.requests.find((q) => q.headers['x-moltin-integration-trigger'] === name)!;
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/hook');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['user-agent']).toBe('CommerceAPI-Webhooks/1.0');
      expect(req.headers['x-moltin-secret-key']).toBeUndefined();
      const eventId = events.find((e) => e.name === name)!.id;
      expect(req.headers['webhook-id']).toBe(eventId);
      expect(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(wh.verify(req.raw, req.headers as Record<string, string>)).toEqual(req.body);
      expect(req.body).toEqual({
        id: eventId,
        triggered_by: name,
        attempt: 1,
        integration: { id: hook.id, integration_type: 'webhook', name: 'hook', description: 'a hook' },
        resources: expect.any(String),
        payload,
        configuration: { url: r.url },
      });
      // `resources` is the same document as a JSON string (jsonb storage may reorder keys).
      expect(JSON.parse(req.body.resources)).toEqual(payload);
    }
    // Tampered bytes do not verify.
    const req0 = r.requests[0];
    expect(() => wh.verify(req0.raw.replace('"attempt":1', '"attempt":2'), req0.headers as Record<string, string>)).toThrow();
    const job = await jobOf(hook.id);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
  });

  it('sends X-MOLTIN-SECRET-KEY and signs with the secret_key (UTF-8 bytes, or base64 after whsec_)', async () => {
    const r = await receiver();
    const plain = await integrate(r.url, ['order.paid'], { configuration: { url: r.url, secret_key: 'my plain secret' } });
    const whsec = 'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');
    const r2 = await receiver();
    await integrate(r2.url, ['order.paid'], { configuration: { url: r2.url, secret_key: whsec } });
    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(plain.configuration.signing_secret).toBeUndefined();
    const [a] = r.requests;
    expect(a.headers['x-moltin-secret-key']).toBe('my plain secret');
    // Like the header, the body's configuration carries the secret_key only to the integration's own URL.
    expect(a.body.configuration).toEqual({ url: r.url, secret_key: 'my plain secret' });
    expect(r2.requests[0].body.configuration).toEqual({ url: r2.url, secret_key: whsec });
    expect(() => new Webhook(Buffer.from('my plain secret', 'utf8'), { format: 'raw' }).verify(a.raw, a.headers as Record<string, string>)).not.toThrow();
    const [b] = r2.requests;
    expect(b.headers['x-moltin-secret-key']).toBe(whsec);
    expect(() => new Webhook(whsec).verify(b.raw, b.headers as Record<string, string>)).not.toThrow();
  });

  it('after secret_key changes, signs with the new and the previous secret until the overlap ends (rotation), then with the new one only', async () => {
    const r = await receiver();
    const before = 'whsec_' + Buffer.from('first secret, 32 bytes long....!').toString('base64');
    const after = 'whsec_' + Buffer.from('second secret, 32 bytes long...!').toString('base64');
    const hook = await integrate(r.url, ['order.paid'], { configuration: { url: r.url, secret_key: before } });
    const put = await t.http.put(`/v2/integrations/${hook.id}`).set(t.admin).send({ data: { type: 'integration', configuration: { secret_key: after } } });
    expect(put.status).toBe(200);
    const row = await t.prisma.integration.findUniqueOrThrow({ where: { id: hook.id } });
    const overlapH = (row.previousSigningSecretUntil!.getTime() - Date.now()) / 3600_000;
    expect(overlapH).toBeGreaterThan(23.9);
    expect(overlapH).toBeLessThanOrEqual(24);

    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    const [during] = r.requests;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(during.headers['x-moltin-secret-key']).toBe(after);
    for (const secret of [after, before]) expect(() => new Webhook(secret).verify(during.raw, during.headers as Record<string, string>)).not.toThrow();

    await t.prisma.integration.update({ where: { id: hook.id }, data: { previousSigningSecretUntil: new Date(Date.now() - 1000) } });
    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    const last = r.requests[1];
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(after).verify(last.raw, last.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(before).verify(last.raw, last.headers as Record<string, string>)).toThrow();
  });

  it('emits events from API writes (PUT /v2/settings → settings.updated) and sends deletions as {type, id} resources', async () => {
    const r = await receiver();
    await integrate(r.url, ['settings.updated', 'integration.deleted']);
    expect((await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 30 } })).status).toBe(200);
    const victim = await integrate('http://127.0.0.1:9/x', ['order.created'], { enabled: false });
    expect((await t.http.delete(`/v2/integrations/${victim.id}`).set(t.admin)).status).toBe(200);
    await drain();
    const settings = r.requests.find((q) => q.body.triggered_by === 'settings.updated')!;
    expect(settings.body.payload.data).toMatchObject({ type: 'settings', page_length: 30 });
    const deleted = r.requests.find((q) => q.body.triggered_by === 'integration.deleted')!;
    expect(deleted.body.resources).toEqual({ type: 'integration', id: victim.id });
    expect(deleted.body.payload).toEqual({ type: 'integration', id: victim.id });
  });

  it('writes no event when the business transaction rolls back', async () => {
    const before = await t.prisma.outboxEvent.count();
    await expect(
      t.prisma.$transaction(async (tx) => {
        await t.app.get(EventsPublisher).publish(tx, 'order.created', { data: { type: 'order', id: randomUUID() } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.prisma.outboxEvent.count()).toBe(before);
  });
});
