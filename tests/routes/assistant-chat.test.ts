/**
 * The chat resource route and the turn runner: a streamed answer with the file's real figures,
 * follow-ups that keep context, the conversation bound to the session, every turn in the intent
 * log, hostile bodies refused with 400/413, and the language-model path (the SDK's mock model)
 * with its fallback to the embedded engine.
 */
import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action, loader } from '~/routes/$portal.assistant.chat';
import { loader as followLoader } from '~/routes/$portal.assistant.follow';
import { action as contactAction } from '~/routes/$portal.service.contact';
import { openConversation } from '#server/assistant/conversations.ts';
import { runTurn } from '#server/assistant/turn.ts';
import { loadDashboard } from '#server/claims/dashboard.ts';
import * as t from '#server/db/schema.ts';
import { variants } from '#server/variants/config.ts';
import { toolCallModel } from '../helpers/mock-model.ts';
import { demoFiles, formRequest, getRequest, origin, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const params = { portal: 'serviceportal' };

function chatPost(body: string, cookie: string, contentType = 'application/json') {
  return new Request(`${origin}/serviceportal/assistant/chat`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': contentType, Origin: origin, Cookie: cookie },
  });
}

/** The chunks of a UI message stream (server-sent events). */
async function chunks(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

const outputs = (list: Array<Record<string, unknown>>) =>
  list.filter((c) => c.type === 'tool-output-available').map((c) => c.output as Record<string, unknown>);

/** Posts a message; returns the outputs and the cookies to send next time. */
async function say(text: string, cookie: string) {
  const result = await run(action, chatPost(JSON.stringify({ text }), cookie), params);
  expect(result.status).toBe(200);
  const setCookie = result.headers.get('Set-Cookie');
  const chat = setCookie ? setCookie.split(';')[0]! : null;
  return { outputs: outputs(await chunks(result.response!)), cookie: chat ? `${cookie}; ${chat}` : cookie };
}

describe('a turn through the chat route', () => {
  it('answers "wie viel muss ich zahlen" with the dashboard’s total, and records the turn', async () => {
    const file = await fileOf('100000001');
    const view = (await loadDashboard(database.db, file.id))!;
    const before = await database.db.select().from(t.intentLog);
    const { outputs: answer } = await say('wie viel muss ich zahlen', await cookieFor('100000001'));
    expect(answer).toEqual([expect.objectContaining({ kind: 'balance', openAmountMinor: view.openAmountMinor })]);
    const after = await database.db.select().from(t.intentLog);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ intentId: 'claim_balance', outcome: 'answered', language: 'de' });
  });

  it('streams the SDK’s UI message stream protocol, byte for byte and with its headers', async () => {
    const result = await run(
      action,
      chatPost(JSON.stringify({ text: 'wie viel muss ich zahlen' }), await cookieFor('100000001')),
      params,
    );
    const body = await result.response!.text();
    const sent = body
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
      .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
    expect(sent.map((c) => c.type)).toEqual(expect.arrayContaining(['start', 'tool-output-available', 'finish']));
    // The same chunks through the SDK's own response: the same bytes, the same protocol headers.
    const sdk = createUIMessageStreamResponse({
      stream: new ReadableStream<UIMessageChunk>({
        start(controller) {
          for (const chunk of sent) controller.enqueue(chunk);
          controller.close();
        },
      }),
      headers: { 'Cache-Control': 'no-store' },
    });
    expect(body).toBe(await sdk.text());
    for (const [name, value] of sdk.headers) expect(result.headers.get(name), name).toBe(value);
  });

  it('keeps the context: 50 a month, then "und in 6 Raten?" recomputes for six instalments', async () => {
    let cookie = await cookieFor('100000001');
    const first = await say('ich kann nur 50 euro im monat zahlen', cookie);
    expect(first.outputs[0]).toMatchObject({ kind: 'proposal', rateMinor: 5000 });
    cookie = first.cookie;
    const second = await say('und in 6 Raten?', cookie);
    expect(second.outputs[0]).toMatchObject({ kind: 'proposal', count: 6 });
  });

  it('tells 100000004 that the deferral was already granted, logged as refused with the reason', async () => {
    const { outputs: answer } = await say('ich möchte später zahlen', await cookieFor('100000004'));
    expect(answer[0]).toMatchObject({ kind: 'refused', reason: 'alreadyGranted' });
    const [last] = await database.db
      .select()
      .from(t.intentLog)
      .orderBy(t.intentLog.id)
      .limit(1)
      .offset((await database.db.select().from(t.intentLog)).length - 1);
    expect(last).toMatchObject({ intentId: 'pay_later', outcome: 'refused' });
  });

  it('asks a reference-only session for the password before changing the address', async () => {
    const { outputs: answer } = await say('meine Adresse hat sich geändert', await cookieFor('100000001', 'limited'));
    expect(answer[0]).toMatchObject({ kind: 'stepUp', intent: 'update_profile' });
  });

  it('keeps the conversation on the server, for this session only', async () => {
    const mine = await cookieFor('100000001');
    const { cookie } = await say('hallo', mine);
    const own = await run(loader, getRequest('/serviceportal/assistant/chat', { Cookie: cookie }), params);
    const ownView = (await own.response!.json()) as { messages: unknown[]; greeting: unknown };
    expect(ownView.messages.length).toBe(2);
    expect(ownView.greeting).toMatchObject({ currency: 'EUR' });
    // The same chat cookie in another debtor's session reaches nothing.
    const chatCookie = cookie.split('; ').at(-1)!;
    const other = `${await cookieFor('100000002')}; ${chatCookie}`;
    const theirs = await run(loader, getRequest('/serviceportal/assistant/chat', { Cookie: other }), params);
    expect(((await theirs.response!.json()) as { messages: unknown[] }).messages).toEqual([]);
    const [row] = await database.db
      .select()
      .from(t.chatTranscripts)
      .where(eq(t.chatTranscripts.id, chatCookie.split('=')[1]!));
    expect(row?.sessionKey).toHaveLength(64);
  });

  it('answers a visitor without figures', async () => {
    const { outputs: answer } = await say('wie viel muss ich zahlen', '');
    expect(answer[0]).toMatchObject({ kind: 'signIn', intent: 'claim_balance' });
  });
});

describe('hostile bodies', () => {
  it.each([
    ['text/plain', 'text=hallo', 'text/plain', 400],
    ['a form', 'text=hallo', 'application/x-www-form-urlencoded', 400],
    ['broken JSON', '{"text":', 'application/json', 400],
    ['JSON without a text', '{"intent":"pay","amount":1}', 'application/json', 400],
    ['an empty text', '{"text":"   "}', 'application/json', 400],
    ['a text over 1,000 characters', JSON.stringify({ text: 'x'.repeat(1001) }), 'application/json', 400],
    ['a body over 16 KiB', JSON.stringify({ text: 'x'.repeat(20_000) }), 'application/json', 413],
    ['an array', '[1,2]', 'application/json', 400],
  ])('refuses %s', async (_name, body, type, status) => {
    const result = await run(action, chatPost(body, await cookieFor('100000001'), type), params);
    expect(result.status).toBe(status);
  });
});

describe('a reader that goes away', () => {
  it.each([
    {
      engine: 'embedded',
      refno: '100000001',
      text: 'wie viel muss ich zahlen',
      intent: 'claim_balance',
      model: () => undefined,
    },
    {
      engine: 'model',
      refno: '100000004',
      text: 'Zahlungsaufschub bitte',
      intent: 'pay_later',
      model: () => toolCallModel('pay_later'),
    },
  ] as const)('still saves and logs the $engine turn when the stream is cancelled at once', async (example) => {
    const file = await fileOf(example.refno);
    const conversation = await openConversation(database.db, null, null);
    const logged = async () =>
      database.db.select({ intent: t.intentLog.intentId }).from(t.intentLog).orderBy(desc(t.intentLog.id));
    const before = await logged();
    const turn = runTurn({
      db: database.db,
      session: { idHash: 'y'.repeat(64), fileId: file.id, debtorId: file.debtorId, level: 'full' },
      variant: variants.de,
      language: 'de',
      text: example.text,
      conversation,
      settings: { ASSISTANT_TIMEOUT_MS: 2000 },
      model: example.model(),
    });
    // The debtor closes the page before the first chunk.
    await turn.stream.cancel();
    const summary = await turn.done;
    expect(summary).toMatchObject({ engine: example.engine, intent: example.intent });
    const [saved] = await database.db
      .select({ messages: t.chatTranscripts.messages })
      .from(t.chatTranscripts)
      .where(eq(t.chatTranscripts.id, conversation.id));
    expect(saved?.messages).toHaveLength(2);
    const after = await logged();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.intent).toBe(example.intent);
  });
});

describe('the language-model path', () => {
  async function turnWith(model: MockLanguageModelV3, text: string) {
    const file = await fileOf('100000004');
    const conversation = await openConversation(database.db, null, null);
    const turn = runTurn({
      db: database.db,
      session: { idHash: 'x'.repeat(64), fileId: file.id, debtorId: file.debtorId, level: 'full' },
      variant: variants.de,
      language: 'de',
      text,
      conversation,
      settings: { ASSISTANT_TIMEOUT_MS: 2000 },
      model,
    });
    const reader = turn.stream.getReader();
    const seen: Array<Record<string, unknown>> = [];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      seen.push(next.value as unknown as Record<string, unknown>);
    }
    return { outputs: outputs(seen), summary: await turn.done };
  }

  it('runs the tool the model calls, with the same rules, and the system prompt forbids own figures', async () => {
    const model = toolCallModel('pay_later');
    const { outputs: answer, summary } = await turnWith(model, 'Zahlungsaufschub bitte');
    expect(answer[0]).toMatchObject({ kind: 'refused', reason: 'alreadyGranted' });
    expect(summary.engine).toBe('model');
    const system = model.doStreamCalls[0]!.prompt.find((m) => m.role === 'system');
    expect(String(system?.content)).toMatch(/Never state an amount/);
  });

  it('falls back to the embedded engine when the endpoint fails', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error('endpoint down');
      },
    });
    const { outputs: answer, summary } = await turnWith(model, 'ich möchte später zahlen');
    expect(answer[0]).toMatchObject({ kind: 'refused', reason: 'alreadyGranted' });
    expect(summary.engine).toBe('embedded');
  });

  it('falls back to the embedded engine when the endpoint does not answer in time', async () => {
    const model = new MockLanguageModelV3({ doStream: () => new Promise(() => {}) });
    const { summary } = await turnWith(model, 'ich möchte später zahlen');
    expect(summary).toMatchObject({ engine: 'embedded', intent: 'pay_later' });
  });
});

describe('limits', () => {
  it('answers 30 turns of one conversation in ten minutes, then 429 with Retry-After; nothing more is stored or logged', async () => {
    let { cookie } = await say('hallo', await cookieFor('100000002'));
    for (let turn = 2; turn <= 30; turn++) ({ cookie } = await say('danke', cookie));
    const logged = async () => (await database.db.select({ id: t.intentLog.id }).from(t.intentLog)).length;
    const before = await logged();
    const refused = await run(action, chatPost(JSON.stringify({ text: 'noch eine frage' }), cookie), params);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.response!.json()).toMatchObject({ error: 'rateLimited' });
    expect(await logged()).toBe(before);
  }, 120_000);
});

describe('outcomes from the screens a turn led to (issue 15)', () => {
  const lastTurn = async () =>
    (await database.db.select().from(t.intentLog).orderBy(desc(t.intentLog.id)).limit(1))[0]!;

  it('a followed proposal counts as linkFollowed; a link to another screen, or a forged target, records nothing', async () => {
    const { outputs, cookie } = await say('ich kann nur 50 euro im monat zahlen', await cookieFor('100000001'));
    const href = outputs[0]!.href as string;
    expect(href).toMatch(/^\/checkout\/pay-installments\?rate=50/);
    expect(await lastTurn()).toMatchObject({ intentId: 'pay_instalments', outcome: 'linkOffered' });

    const elsewhere = await run(
      followLoader,
      getRequest(`/serviceportal/assistant/follow?to=/service/faq`, { Cookie: cookie }),
      params,
    );
    expect(elsewhere.headers.get('Location')).toBe('/serviceportal/service/faq');
    expect(await lastTurn()).toMatchObject({ outcome: 'linkOffered' });
    for (const forged of ['https://evil.example/x', '//evil.example', '/a/../../x', '/\\evil', 'javascript:alert(1)']) {
      const result = await run(
        followLoader,
        getRequest(`/serviceportal/assistant/follow?to=${encodeURIComponent(forged)}`, { Cookie: cookie }),
        params,
      );
      expect(result.headers.get('Location')).toBe('/serviceportal');
    }

    const followed = await run(
      followLoader,
      getRequest(`/serviceportal/assistant/follow?to=${encodeURIComponent(href)}`, { Cookie: cookie }),
      params,
    );
    expect(followed.status).toBe(302);
    expect(followed.headers.get('Location')).toBe(`/serviceportal${href}`);
    expect(await lastTurn()).toMatchObject({ outcome: 'linkFollowed' });
  });

  it('a message sent on the screen the turn offered counts as formCompleted', async () => {
    const { outputs, cookie } = await say('ich möchte ihnen eine nachricht schreiben', await cookieFor('100000002'));
    expect(outputs[0]).toMatchObject({ kind: 'form', form: 'message' });
    expect(await lastTurn()).toMatchObject({ intentId: 'send_message', outcome: 'linkOffered' });
    const sent = await run(
      contactAction,
      formRequest(
        '/serviceportal/service/contact',
        {
          intent: 'message',
          subjectId: '2',
          subSubject: 'Höhe',
          body: 'Bitte schicken Sie mir die Rechnung noch einmal, ich finde sie nicht mehr.',
          email: 'max@example.org',
        },
        { Cookie: cookie },
      ),
      params,
    );
    expect(sent.status).toBe(302);
    expect(await lastTurn()).toMatchObject({ outcome: 'formCompleted' });
  });
});
