/**
 * Issue 27: whatever door a debtor writes through, the intent log never holds the debtor's own
 * stored data (read on the server from the session's file: names with initials and reversed,
 * street, postal code and city, birth date, e-mail, phones, IBAN, reference numbers) nor the
 * password typed after a cue. Each door is driven as the browser drives it and the stored row is
 * read back from the database.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { action as chatAction } from '~/routes/$portal.assistant.chat';
import { action as chatbotAction } from '~/routes/$portal.chatbot';
import * as schema from '#server/db/schema.ts';
import { knownValuesOf } from '#server/assistant/known-values.ts';
import { context, demoFiles, formRequest, origin, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor, fileOf } = demoFiles(database);
const params = { portal: 'serviceportal' };
const demoPassword = 'Demo-Pass1';

/** The debtor of a demo file, with a birth date, phones and an IBAN set for this test. */
async function debtorOf(refno: string) {
  const file = await fileOf(refno);
  await database.db
    .update(schema.debtors)
    .set({
      birthdate: '1984-05-17',
      phone: '+49 221 9876543',
      mobile: '+49 151 23456789',
      iban: 'DE02120300000000202051',
    })
    .where(eq(schema.debtors.id, file.debtorId));
  const [debtor] = await database.db.select().from(schema.debtors).where(eq(schema.debtors.id, file.debtorId));
  return { file, debtor: debtor! };
}

/** Messages as debtors write their own data, built from the stored values. */
function messagesAbout(d: typeof schema.debtors.$inferSelect, refno: string): string[] {
  const first = d.firstName!;
  const last = d.lastName!;
  return [
    `Hier schreibt ${first[0]}. ${last}, mein Passwort ist ${demoPassword} und ich komme nicht rein`,
    `${last.toLowerCase()} ${first.toLowerCase()} kann nicht zahlen, grüße ${first} ${last[0]}.`,
    `ich wohne ${d.streetName} ${d.houseNumber}, ${d.postalCode} ${d.city}, geboren 17.05.1984`,
    `meine mail ist ${d.email!.toUpperCase()} und handy 0151 2345 6789, festnetz 0221/9876543`,
    `konto de02 1203 0000 0000 2020 51, aktenzeichen ${refno}-1, password: ${demoPassword}`,
  ];
}

function ownValues(d: typeof schema.debtors.$inferSelect, refno: string): string[] {
  return [
    d.firstName!,
    d.lastName!,
    d.streetName,
    d.postalCode,
    d.city,
    d.email!,
    '1984',
    '2345',
    '9876543',
    '2020',
    refno,
    demoPassword,
    `${d.firstName![0]}. `,
    ` ${d.lastName![0]}.`,
  ];
}

async function lastLoggedTexts(n: number): Promise<string[]> {
  const rows = await database.db
    .select({ text: schema.intentLog.anonymisedText })
    .from(schema.intentLog)
    .orderBy(desc(schema.intentLog.id))
    .limit(n);
  return rows.map((r) => r.text);
}

function expectNoneOf(texts: string[], values: string[]) {
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts)
    for (const value of values)
      expect(text.toLowerCase(), `"${value}" in "${text}"`).not.toContain(value.toLowerCase());
}

describe('the debtor’s own values, read from the session’s file', () => {
  it('are what the file stores (names, address, contact, IBAN, every reference of the debtor)', async () => {
    const { file, debtor } = await debtorOf('100000001');
    const known = await knownValuesOf(database.db, { debtorId: debtor.id, fileId: file.id });
    expect(known).toMatchObject({
      firstNames: [debtor.firstName],
      lastNames: [debtor.lastName],
      street: `${debtor.streetName} ${debtor.houseNumber}`,
      zip: debtor.postalCode,
      city: debtor.city,
      email: debtor.email,
      birthDate: '1984-05-17',
      phones: ['+49 221 9876543', '+49 151 23456789'],
      ibans: ['DE02120300000000202051'],
    });
    expect(known.references).toContain('100000001');
    expect(await knownValuesOf(database.db, null)).toEqual({});
  });
});

describe('every door that writes the intent log removes them', () => {
  it('the chat pane (POST /assistant/chat)', async () => {
    const { debtor } = await debtorOf('100000001');
    const cookie = await cookieFor('100000001');
    const messages = messagesAbout(debtor, '100000001');
    let chat = '';
    for (const text of messages) {
      const result = await run(
        chatAction,
        new Request(`${origin}/serviceportal/assistant/chat`, {
          method: 'POST',
          body: JSON.stringify({ text }),
          headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: chat ? `${cookie}; ${chat}` : cookie },
        }),
        params,
        context('198.51.100.131'),
      );
      expect(result.status).toBe(200);
      await result.response!.text();
      chat ||= result.headers.get('Set-Cookie')?.split(';')[0] ?? '';
    }
    const logged = await lastLoggedTexts(messages.length);
    expect(logged.length).toBe(messages.length);
    expectNoneOf(logged, ownValues(debtor, '100000001'));
    expect(logged.join(' ')).toContain('[PASSWORD]');
  });

  it('the chatbot without JavaScript (POST /chatbot)', async () => {
    const { debtor } = await debtorOf('100000001');
    const cookie = await cookieFor('100000001');
    const messages = messagesAbout(debtor, '100000001');
    let chat = '';
    for (const text of messages) {
      const posted = await run(
        chatbotAction,
        formRequest('/serviceportal/chatbot', { text }, { Cookie: chat ? `${cookie}; ${chat}` : cookie }),
        params,
        context('198.51.100.132'),
      );
      expect(posted.status).toBe(302);
      chat ||= posted.headers.get('Set-Cookie')?.split(';')[0] ?? '';
    }
    const logged = await lastLoggedTexts(messages.length);
    expect(logged.length).toBe(messages.length);
    expectNoneOf(logged, ownValues(debtor, '100000001'));
  });

  it('the chatbot’s step-up, which answers the original message once the password is right', async () => {
    const { debtor } = await debtorOf('100000003');
    const limited = await cookieFor('100000003', 'limited');
    const resume = `meine Adresse hat sich geändert, ${debtor.firstName} ${debtor.lastName}, früher ${debtor.streetName} ${debtor.houseNumber} in ${debtor.postalCode} ${debtor.city}`;
    const first = await run(
      chatbotAction,
      formRequest('/serviceportal/chatbot', { text: resume }, { Cookie: limited }),
      params,
      context('198.51.100.133'),
    );
    const chat = first.headers.get('Set-Cookie')!.split(';')[0]!;
    const right = await run(
      chatbotAction,
      formRequest(
        '/serviceportal/chatbot',
        { intent: 'stepUp', password: demoPassword, resume },
        { Cookie: `${limited}; ${chat}` },
      ),
      params,
      context('198.51.100.133'),
    );
    expect(right.status).toBe(302);
    const logged = await lastLoggedTexts(2);
    expect(logged.length).toBe(2);
    expectNoneOf(logged, [debtor.firstName!, debtor.lastName!, debtor.streetName, debtor.postalCode, debtor.city]);
  });
});
