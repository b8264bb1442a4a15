/**
 * Closing the pane (POST /assistant/closed, sent by the pane with sendBeacon) records the
 * conversation's untaken offers as abandoned in the intent log (issue 15, decision 049).
 */
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action as chatbotAction } from '~/routes/$portal.chatbot';
import { action as closedAction } from '~/routes/$portal.assistant.closed';
import * as schema from '#server/db/schema.ts';
import { demoFiles, formRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
const params = { portal: 'serviceportal' };

const latestOutcome = async () =>
  (await database.db.select().from(schema.intentLog).orderBy(desc(schema.intentLog.id)).limit(1))[0]?.outcome;

describe('closing the pane', () => {
  it('abandons the offer the debtor did not take', async () => {
    const cookie = await cookieFor('100000001');
    const posted = await run(
      chatbotAction,
      formRequest('/serviceportal/chatbot', { text: 'ich möchte später zahlen, am 15.12.' }, { Cookie: cookie }),
      params,
    );
    const chat = posted.headers.get('Set-Cookie')!.split(';')[0]!;
    expect(await latestOutcome()).toBe('linkOffered');
    const closed = await run(
      closedAction,
      formRequest('/serviceportal/assistant/closed', {}, { Cookie: `${cookie}; ${chat}` }),
      params,
    );
    expect(closed.status).toBe(204);
    expect(await latestOutcome()).toBe('abandoned');
  });

  it('does nothing without a conversation', async () => {
    const closed = await run(closedAction, formRequest('/serviceportal/assistant/closed', {}), params);
    expect(closed.status).toBe(204);
  });
});
