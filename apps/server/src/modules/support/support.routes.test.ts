import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackMessages } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createOutboxReader, type OutboxReader } from '../auth/testing/outbox';

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Stands in for the chat webhook and the error-reporting service: records what it is sent. */
async function startRecorder() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('POST /user/sendFeedbackMail', () => {
  let t: TestApp;
  let plain: TestApp;
  let outbox: OutboxReader;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;

  beforeAll(async () => {
    recorder = await startRecorder();
    t = await buildTestApp({
      env: {
        SUPPORT_EMAIL: 'aide@veilleurs.test',
        BUG_REPORT_WEBHOOK_URL: `${recorder.base}/hooks/bugs`,
        SENTRY_DSN: `http://publickey@127.0.0.1:${new URL(recorder.base).port}/42`,
      },
    });
    plain = await buildTestApp();
    outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
    await recorder?.close();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/sendFeedbackMail', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('stores a support message and mails it to the support address, without forwarding', async () => {
    const user = await buildUser(t.db, { firstname: 'Ana', lastname: 'Roux' });
    const before = recorder.received.length;
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: 'feedbackType=QUESTION&content=Comment+ajouter+une+photo+%3F',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const mail = await outbox.takeMailTo('aide@veilleurs.test');
    expect(mail.subject).toContain('Question');
    expect(mail.text).toContain('Comment ajouter une photo ?');
    expect(mail.text).toContain(user.username);
    const [row] = await t.db
      .select()
      .from(feedbackMessages)
      .where(eq(feedbackMessages.userId, user.id));
    expect(row).toMatchObject({ kind: 'SUPPORT', feedbackType: 'QUESTION', eventId: null });
    expect(recorder.received.length).toBe(before);
  });

  it('defaults the type to user feedback', async () => {
    const user = await buildUser(t.db);
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: { content: 'Super appli' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(feedbackMessages)
      .where(eq(feedbackMessages.userId, user.id));
    expect(row?.feedbackType).toBe('FEEDBACK_USER');
    await outbox.takeMailTo('aide@veilleurs.test');
  });

  it.each([
    [{ content: '   ' }, 'content', 'support.modal.content.error'],
    [{}, 'content', 'support.modal.content.error'],
    [{ content: 'x'.repeat(5001) }, 'content', 'support.modal.content.tooLong.error'],
    [{ content: 'ok', feedbackType: 'SPAM' }, 'feedbackType', 'field.invalid.error'],
  ])('refuses %o with 403 on %s', async (payload, field, messageKey) => {
    const user = await buildUser(t.db);
    const res = await t.injectAs(user, { method: 'POST', url: '/user/sendFeedbackMail', payload });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FIELD_INVALID', invalidField: field, messageKey });
  });

  it('stores a bug report, mails it and forwards it to error reporting and the chat webhook', async () => {
    const user = await buildUser(t.db, { firstname: 'Bo', lastname: 'Lin' });
    const before = recorder.received.length;
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: {
        feedbackType: 'OTHER',
        content: 'La carte ne charge pas',
        eventId: 'abc123',
        page: '#/search',
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(feedbackMessages)
      .where(eq(feedbackMessages.userId, user.id));
    expect(row).toMatchObject({ kind: 'BUG_REPORT', eventId: 'abc123', page: '#/search' });
    const mail = await outbox.takeMailTo('aide@veilleurs.test');
    expect(mail.subject).toContain('Bug');
    expect(mail.text).toContain('#/search');

    const sent = recorder.received.slice(before);
    const webhook = sent.find((request) => request.url === '/hooks/bugs');
    expect(webhook?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const payload = JSON.parse(new URLSearchParams(webhook!.body).get('payload')!);
    expect(payload.text).toContain('La carte ne charge pas');
    const report = sent.find((request) => request.url === '/api/42/envelope/');
    expect(report?.headers['x-sentry-auth']).toContain('sentry_key=publickey');
    const items = report!.body.split('\n').map((line) => JSON.parse(line));
    expect(items[1]).toEqual({ type: 'user_report' });
    expect(items[2]).toEqual({
      event_id: 'abc123',
      name: 'Bo Lin',
      email: user.username,
      comments: 'La carte ne charge pas',
    });
  });

  it('stores and mails a bug report without forwarding when nothing is configured', async () => {
    const user = await buildUser(plain.db);
    const before = recorder.received.length;
    const res = await plain.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: { feedbackType: 'OTHER', content: 'Bouton cassé', page: '#/' },
    });
    expect(res.statusCode).toBe(200);
    const mails = await createOutboxReader(plain.deps.config.MAIL_OUTBOX_DIR).newMailsTo(
      'support@veilleurs.fr',
    );
    expect(mails).toHaveLength(1);
    expect(recorder.received.length).toBe(before);
  });

  it('accepts 10 messages an hour, then answers 429', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 10; i += 1) {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/user/sendFeedbackMail',
        payload: { content: `message ${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: { content: 'one more' },
    });
    expect(refused.statusCode).toBe(429);
    t.clock.advance(61 * 60 * 1000);
    const later = await t.injectAs(user, {
      method: 'POST',
      url: '/user/sendFeedbackMail',
      payload: { content: 'later' },
    });
    expect(later.statusCode).toBe(200);
  });
});
