/**
 * The password step-up inside the chat (decision 049): a reference-only session asking for
 * something that needs the password types it in the pane (POST /assistant/step-up) or on /chatbot
 * without JavaScript. The checks are the sign-in's: a wrong password is counted against the
 * reference number, the limit holds (then even the right password waits), and a right one makes
 * the session full on the server, keeps the conversation and answers the original request.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action as chatbotAction, loader as chatbotLoader } from '~/routes/$portal.chatbot';
import { action as stepUpAction } from '~/routes/$portal.assistant.step-up';
import { securityConfig } from '#server/config/security.ts';
import { findSession } from '#server/auth/session.ts';
import * as schema from '#server/db/schema.ts';
import { context, demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor, fileOf } = demoFiles(database);
const params = { portal: 'serviceportal' };
const demoPassword = 'Demo-Pass1';

type Parts = Array<{ type: string; output?: { kind: string; intent?: string } }>;
type Messages = Array<{ role: string; parts: Parts }>;

/** Asks on /chatbot without JavaScript; returns the cookies (session, chat) and the stored messages. */
async function ask(cookie: string, text: string, client = context()) {
  const posted = await run(
    chatbotAction,
    formRequest('/serviceportal/chatbot', { text }, { Cookie: cookie }),
    params,
    client,
  );
  expect(posted.status).toBe(302);
  const chat = posted.headers.get('Set-Cookie')?.split(';')[0];
  const cookies = chat ? `${cookie}; ${chat}` : cookie;
  return { cookies, messages: await messagesOf(cookies) };
}

async function messagesOf(cookies: string): Promise<Messages> {
  const page = await run(chatbotLoader, getRequest('/serviceportal/chatbot', { Cookie: cookies }), params);
  return (page.data as { messages: Messages }).messages;
}

const outputs = (messages: Messages) => messages.flatMap((m) => m.parts.map((p) => p.output).filter(Boolean));

async function failures(refno: string) {
  const rows = await database.db.select().from(schema.loginAttempts);
  return { total: rows.length, refno };
}

describe('the step-up in the pane (POST /assistant/step-up)', () => {
  it('counts a wrong password like a sign-in and keeps the session limited', async () => {
    const cookie = await cookieFor('100000001', 'limited');
    const before = (await failures('100000001')).total;
    const result = await run(
      stepUpAction,
      formRequest('/serviceportal/assistant/step-up', { password: 'wrong-one' }, { Cookie: cookie }),
      params,
      context('198.51.100.21'),
    );
    expect(result.status).toBe(401);
    expect(await result.response!.json()).toMatchObject({ ok: false, error: 'wrongPassword' });
    // One failure row per key, as a sign-in counts it: the client address and the reference number.
    expect((await failures('100000001')).total).toBe(before + 2);
    const session = await findSession(new Request('http://x/', { headers: { Cookie: cookie } }), database.db);
    expect(session?.level).toBe('limited');
  });

  it('refuses an empty password with 400 and counts nothing', async () => {
    const cookie = await cookieFor('100000001', 'limited');
    const before = (await failures('100000001')).total;
    const result = await run(
      stepUpAction,
      formRequest('/serviceportal/assistant/step-up', { password: '' }, { Cookie: cookie }),
      params,
    );
    expect(result.status).toBe(400);
    expect(await result.response!.json()).toMatchObject({ error: 'passwordRequired' });
    expect((await failures('100000001')).total).toBe(before);
  });

  it('holds the sign-in’s limit per reference number: after it even the right password waits', async () => {
    const limit = securityConfig().signIn.referenceMaxFailures;
    const cookie = await cookieFor('100000006', 'limited');
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      // Different addresses: the reference number's own limit is what holds.
      const r = await run(
        stepUpAction,
        formRequest('/serviceportal/assistant/step-up', { password: `wrong-${i}` }, { Cookie: cookie }),
        params,
        context(`198.51.100.${40 + i}`),
      );
      statuses.push(r.status);
    }
    expect(statuses).toEqual(Array(limit).fill(401));
    const locked = await run(
      stepUpAction,
      formRequest('/serviceportal/assistant/step-up', { password: demoPassword }, { Cookie: cookie }),
      params,
      context('198.51.100.99'),
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await locked.response!.json()).toMatchObject({ ok: false, error: 'locked' });
    const session = await findSession(new Request('http://x/', { headers: { Cookie: cookie } }), database.db);
    expect(session?.level).toBe('limited');
  });

  it('makes the session full with the right password: a new session id, the old one gone', async () => {
    const cookie = await cookieFor('100000002', 'limited');
    const result = await run(
      stepUpAction,
      formRequest(
        '/serviceportal/assistant/step-up',
        { password: demoPassword, resume: 'meine Adresse hat sich geändert' },
        { Cookie: cookie },
      ),
      params,
      context('198.51.100.60'),
    );
    expect(result.status).toBe(200);
    expect(await result.response!.json()).toEqual({ ok: true, resume: 'meine Adresse hat sich geändert' });
    const fresh = result.headers.get('Set-Cookie')!.split(';')[0]!;
    const full = await findSession(new Request('http://x/', { headers: { Cookie: fresh } }), database.db);
    const file = await fileOf('100000002');
    expect(full).toMatchObject({ level: 'full', fileId: file.id });
    expect(await findSession(new Request('http://x/', { headers: { Cookie: cookie } }), database.db)).toBeNull();
  });

  it('is not open to a visitor', async () => {
    const result = await run(
      stepUpAction,
      formRequest('/serviceportal/assistant/step-up', { password: demoPassword }),
      params,
    );
    expect(result.status).toBe(401);
  });
});

describe('the step-up on /chatbot without JavaScript', () => {
  it('asks a reference-only session for the password, then answers the original request in the same conversation', async () => {
    const limited = await cookieFor('100000003', 'limited');
    const first = await ask(limited, 'meine Adresse hat sich geändert, ich bin umgezogen');
    expect(outputs(first.messages)).toEqual([expect.objectContaining({ kind: 'stepUp', intent: 'update_profile' })]);

    const wrong = await run(
      chatbotAction,
      formRequest(
        '/serviceportal/chatbot',
        { intent: 'stepUp', password: 'nope', resume: 'meine Adresse hat sich geändert, ich bin umgezogen' },
        { Cookie: first.cookies },
      ),
      params,
      context('198.51.100.70'),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ formState: { form: 'stepUp', fieldErrors: { password: 'wrongPassword' } } });

    const right = await run(
      chatbotAction,
      formRequest(
        '/serviceportal/chatbot',
        { intent: 'stepUp', password: demoPassword, resume: 'meine Adresse hat sich geändert, ich bin umgezogen' },
        { Cookie: first.cookies },
      ),
      params,
      context('198.51.100.70'),
    );
    expect(right.status).toBe(302);
    const fresh = right.headers.get('Set-Cookie')!.split(';')[0]!;
    const chat = first.cookies.split('; ')[1]!;
    const after = await messagesOf(`${fresh}; ${chat}`);
    // The same conversation, now with the original request answered for a full session.
    expect(after.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(outputs(after).at(-1)).toMatchObject({ kind: 'link', intent: 'update_profile' });
    const rows = await database.db
      .select({ sessionKey: schema.chatTranscripts.sessionKey })
      .from(schema.chatTranscripts)
      .where(and(eq(schema.chatTranscripts.id, chat.split('=')[1]!)));
    const session = await findSession(new Request('http://x/', { headers: { Cookie: fresh } }), database.db);
    expect(rows[0]?.sessionKey).toBe(session!.idHash);
  });
});
