/**
 * Conversations of several turns (issue 26, decision 070): "ok" carries out the last proposal
 * (the checkout step for exactly that plan, nothing arranged yet), "no" withdraws it, a bare new
 * amount, count or date amends it, "why?" explains, two wishes in one message are answered each,
 * hardship and abuse are answered with a person, repeated abuse ends the conversation, and the
 * reply follows the message's language. In every language, through the chat route and the
 * no-JavaScript page, with the expected plans computed from the demo files by the server's own
 * plan calculator (never written down here).
 */
import type { UIMessage } from 'ai';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../intents/catalogue.ts';
import { fileContext, planOffer, quote } from '../../server/assistant/tools/actions.ts';
import { action } from '~/routes/$portal.assistant.chat';
import { action as chatbotAction, loader as chatbotLoader } from '~/routes/$portal.chatbot';
import { todayForVariant } from '#server/dates.ts';
import * as t from '#server/db/schema.ts';
import { demoFiles, formRequest, getRequest, origin, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

/** Each language on a variant that offers it, with a demo file of that variant. */
const PORTAL: Record<Lang, { portal: string; variant: string; refno: string; unit: number }> = {
  de: { portal: 'serviceportal', variant: 'de', refno: '100000001', unit: 1 },
  en: { portal: 'serviceportal', variant: 'de', refno: '100000001', unit: 1 },
  es: { portal: 'serviceportal', variant: 'de', refno: '100000001', unit: 1 },
  fr: { portal: 'serviceportal', variant: 'de', refno: '100000001', unit: 1 },
  it: { portal: 'serviceportal', variant: 'de', refno: '100000001', unit: 1 },
  tr: { portal: 'serviceportal', variant: 'de', refno: '100000001', unit: 1 },
  // Swedish amounts are ten times larger (kronor): "hellre 800".
  sv: { portal: 'serviceportal-se', variant: 'se', refno: '400000001', unit: 10 },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Output = Record<string, any> & { kind: string };

async function chunks(response: Response): Promise<Array<Record<string, unknown>>> {
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

/** A conversation of one debtor in one language: each `say` is a turn through the chat route. */
async function conversation(lang: Lang, refno = PORTAL[lang].refno) {
  const { portal } = PORTAL[lang];
  let cookie = await cookieFor(refno);
  return {
    async say(text: string): Promise<{ outputs: Output[]; replyLang: string | null }> {
      const request = new Request(`${origin}/${portal}/assistant/chat`, {
        method: 'POST',
        body: JSON.stringify({ text, pageLang: lang }),
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
      });
      const result = await run(action, request, { portal });
      expect(result.status).toBe(200);
      const chat = result.headers.get('Set-Cookie')?.split(';')[0];
      if (chat) cookie = `${cookie}; ${chat}`;
      const list = await chunks(result.response!);
      const start = list.find((c) => c.type === 'start') as { messageMetadata?: { replyLang?: string } } | undefined;
      // The answers in the order the message shows them: its parts keep the calls' order, while
      // the stream sends each output as its tool finishes (tools of one turn run side by side).
      const calls = list.filter((c) => c.type === 'tool-input-available').map((c) => c.toolCallId);
      const outputs = list.filter((c) => c.type === 'tool-output-available');
      expect(outputs.map((c) => c.toolCallId).sort()).toEqual([...calls].sort());
      return {
        outputs: calls.map((id) => outputs.find((c) => c.toolCallId === id)!.output as Output),
        replyLang: start?.messageMetadata?.replyLang ?? null,
      };
    },
  };
}

/** The plan the checkout's own calculator makes for a monthly amount (minor units) on the demo file. */
async function expectedPlan(lang: Lang, monthlyMinor: number) {
  const { refno, variant } = PORTAL[lang];
  const file = await fileOf(refno);
  const today = todayForVariant(variant);
  const ctx = (await fileContext(database.db, { fileId: file.id, debtorId: file.debtorId }, today))!;
  const offer = planOffer(ctx);
  const result = quote(ctx, monthlyMinor, offer.firstDue.earliest);
  if (!result.ok) throw new Error(`no plan of ${monthlyMinor} on ${refno}`);
  return { rateMinor: result.plan.monthlyMinor, count: result.plan.instalmentCount, currency: offer.currency };
}

/** "I can pay 50 a month" (500 kronor in Swedish) and the word for "ok", in each language. */
const PROPOSE: Record<Lang, { ask: string; ok: string; amend: string; no: string }> = {
  de: { ask: 'ich kann 50 euro im monat zahlen', ok: 'ok mach das', amend: 'lieber 80', no: 'nein' },
  en: { ask: 'i can pay 50 euros a month', ok: 'yes do it', amend: 'make it 80', no: 'no' },
  es: { ask: 'puedo pagar 50 euros al mes', ok: 'dale', amend: 'mejor 80', no: 'no' },
  fr: { ask: 'je peux payer 50 euros par mois', ok: 'vas-y', amend: 'plutôt 80', no: 'non' },
  it: { ask: 'posso pagare 50 euro al mese', ok: 'va bene', amend: 'meglio 80', no: 'no' },
  tr: { ask: 'ayda 50 euro ödeyebilirim', ok: 'tamam', amend: '80 olsun', no: 'hayır' },
  sv: { ask: 'jag kan betala 500 kr i månaden', ok: 'kör', amend: 'hellre 800', no: 'nej' },
};

const LANGS_ALL = Object.keys(PROPOSE) as Lang[];

describe('"ok" after a proposal carries it out, in every language', () => {
  it.each(LANGS_ALL)('%s: the proposal, then "ok" opens the instalment step for exactly that plan', async (lang) => {
    const chat = await conversation(lang);
    const plan = await expectedPlan(lang, 50 * 100 * PORTAL[lang].unit);
    const first = await chat.say(PROPOSE[lang].ask);
    expect(first.outputs[0]).toMatchObject({ kind: 'proposal', rateMinor: plan.rateMinor, count: plan.count });
    const proposal = first.outputs[0] as Output & { href: string; firstDueOn: string };
    const ok = await chat.say(PROPOSE[lang].ok);
    expect(ok.outputs).toEqual([
      expect.objectContaining({
        kind: 'carryOut',
        intent: 'pay_instalments',
        href: proposal.href,
        plan: {
          currency: plan.currency,
          rateMinor: plan.rateMinor,
          count: plan.count,
          firstDueOn: proposal.firstDueOn,
        },
      }),
    ]);
    expect(proposal.href).toBe(`/checkout/pay-installments?rate=${plan.rateMinor / 100}`);
  });

  it('never answers "ok mach das" with a goodbye, and logs it as a followed-up proposal', async () => {
    const chat = await conversation('de');
    await chat.say(PROPOSE.de.ask);
    const ok = await chat.say('ok');
    expect(ok.outputs[0]?.kind).toBe('carryOut');
    const [last] = await database.db.select().from(t.intentLog).orderBy(desc(t.intentLog.id)).limit(1);
    expect(last).toMatchObject({ intentId: 'affirm', outcome: 'linkOffered' });
  });
});

describe('a bare change amends the last proposal, in every language', () => {
  it.each(LANGS_ALL)('%s: the amount', async (lang) => {
    const chat = await conversation(lang);
    await chat.say(PROPOSE[lang].ask);
    const plan = await expectedPlan(lang, 80 * 100 * PORTAL[lang].unit);
    const amended = await chat.say(PROPOSE[lang].amend);
    expect(amended.outputs).toEqual([
      expect.objectContaining({ kind: 'proposal', rateMinor: plan.rateMinor, count: plan.count }),
    ]);
  });

  it('the count: "and in 6?" recomputes for six instalments', async () => {
    const chat = await conversation('en');
    await chat.say(PROPOSE.en.ask);
    const six = await chat.say('and in 6?');
    expect(six.outputs[0]).toMatchObject({ kind: 'proposal', count: 6 });
  });

  it('the date: "no, el 15" after pay-later gives the 15th, not a bug report', async () => {
    const chat = await conversation('es');
    const first = await chat.say('puedo pagar mas tarde?');
    expect(first.outputs[0]).toMatchObject({ intent: 'pay_later' });
    const fifteenth = await chat.say('no, el 15');
    expect(fifteenth.outputs[0]).toMatchObject({ intent: 'pay_later' });
    expect(JSON.stringify(fifteenth.outputs[0])).toMatch(/date=\d{4}-\d{2}-15/);
  });

  it('the first date: "from the 15th" keeps the amount and moves the first instalment', async () => {
    const chat = await conversation('en');
    await chat.say(PROPOSE.en.ask);
    const moved = await chat.say('from the 15th');
    expect(moved.outputs[0]).toMatchObject({ kind: 'proposal', rateMinor: 5000 });
    expect(moved.outputs[0]!.href).toMatch(/rate=50&firstDate=\d{4}-\d{2}-15$/);
  });
});

describe('"no" withdraws the proposal and asks what fits instead', () => {
  it.each(LANGS_ALL)('%s', async (lang) => {
    const chat = await conversation(lang);
    await chat.say(PROPOSE[lang].ask);
    const no = await chat.say(PROPOSE[lang].no);
    expect(no.outputs[0]).toMatchObject({ kind: 'withdrawn', intent: 'pay_instalments' });
    const alternatives = no.outputs[0]!.alternatives as Array<{ intent: string }>;
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.map((a) => a.intent)).not.toContain('pay_instalments');
    // Withdrawn: a later "ok" has nothing to carry out.
    const ok = await chat.say(PROPOSE[lang].ok);
    expect(ok.outputs[0]).toMatchObject({ kind: 'answer', topic: 'nothingPending' });
  });
});

describe('"why?" after a proposal explains the claim instead of opening a screen', () => {
  it('warum?', async () => {
    const chat = await conversation('de');
    await chat.say(PROPOSE.de.ask);
    const why = await chat.say('warum?');
    expect(why.outputs[0]).toMatchObject({ kind: 'explain' });
  });
});

describe('two wishes in one message are answered each, in order', () => {
  it('"I paid 100 euros last week but I want to pay the rest in 3 monthly instalments"', async () => {
    const chat = await conversation('en');
    const both = await chat.say('I paid 100 euros last week but I want to pay the rest in 3 monthly instalments');
    expect(both.outputs).toHaveLength(2);
    expect(JSON.stringify(both.outputs[0])).toContain('already_paid');
    expect(JSON.stringify(both.outputs[0])).toMatch(/"amount":"?100/);
    // 3 is the number of instalments, not a monthly amount of 3.
    expect(both.outputs[1]).toMatchObject({ kind: 'proposal', count: 3 });
  });
});

describe('hardship, abuse and "who are you" are answered, never with a clarifying question', () => {
  it.each([
    ['de', 'ich habe meinen Job verloren', 'hardship'],
    ['en', 'I lost my job last month and cant pay anything right now', 'hardship'],
    ['en', 'please i have no money for food', 'hardship'],
    ['es', 'por favor ayúdenme', 'hardship'],
    ['fr', 'je suis malade, à l hôpital, je ne peux pas payer', 'hardship'],
    ['it', 'ho perso il lavoro e non ho soldi', 'hardship'],
    ['tr', 'işimi kaybettim, hiç param yok', 'hardship'],
    ['sv', 'jag har förlorat jobbet och har inga pengar', 'hardship'],
    ['de', 'ihr seid verbrecher', 'abuse'],
    ['en', 'you are fucking criminals', 'abuse'],
    ['en', 'is this a scam? who are you', 'whoWeAre'],
  ] as const)('%s: %s', async (lang, text, kind) => {
    const chat = await conversation(lang);
    const answer = await chat.say(text);
    expect(answer.outputs[0]).toMatchObject({ kind });
  });

  it('repeated abuse ends the conversation politely, and the intent log records the abuse', async () => {
    const chat = await conversation('de');
    expect((await chat.say('ihr seid verbrecher')).outputs[0]).toMatchObject({ kind: 'abuse', ended: false });
    expect((await chat.say('scheiss inkasso ihr arschlöcher')).outputs[0]).toMatchObject({
      kind: 'abuse',
      ended: false,
    });
    expect((await chat.say('ihr seid alle betrüger')).outputs[0]).toMatchObject({ kind: 'abuse', ended: true });
    const rows = await database.db.select().from(t.intentLog).orderBy(desc(t.intentLog.id)).limit(3);
    expect(rows.map((r) => r.intentId)).toEqual(['abuse', 'abuse', 'abuse']);
    expect(rows[0]).toMatchObject({ outcome: 'handedToPerson' });
  });
});

describe('the no-JavaScript chat keeps the same state on the server', () => {
  it('a proposal, then "ok": the stored conversation carries it out', async () => {
    const cookie = await cookieFor('100000001');
    const params = { portal: 'serviceportal' };
    const post = async (text: string, cookies: string) => {
      const result = await run(
        chatbotAction,
        formRequest('/serviceportal/chatbot', { text }, { Cookie: cookies }),
        params,
      );
      expect(result.status).toBe(302);
      const chat = result.headers.get('Set-Cookie')?.split(';')[0];
      return chat ? `${cookies}; ${chat}` : cookies;
    };
    let cookies = await post(PROPOSE.de.ask, cookie);
    cookies = await post('ok mach das', cookies);
    const page = await run(chatbotLoader, getRequest('/serviceportal/chatbot', { Cookie: cookies }), params);
    const view = page.data as { messages: UIMessage[] };
    const outputs = view.messages
      .flatMap((m) => m.parts)
      .map((p) => (p as { output?: Output }).output)
      .filter(Boolean) as Output[];
    expect(outputs.map((o) => o.kind)).toEqual(['proposal', 'carryOut']);
    expect(outputs[1]).toMatchObject({ href: outputs[0]!.href });
  });
});

describe('the reply follows the message’s main language (decision 071)', () => {
  it('Turkish mixed with German, on the German page, is answered in Turkish', async () => {
    const chat = await conversation('de');
    const answer = await chat.say(
      'merhaba ich habe eine Mahnung bekommen ama ben bu borcu bilmiyorum neden bana yazıyorsunuz',
    );
    expect(answer.replyLang).toBe('tr');
  });

  it('two words of another language move the reply; "ok" keeps the page’s', async () => {
    const chat = await conversation('de');
    expect((await chat.say('muchas gracias')).replyLang).toBe('es');
    expect((await chat.say('ok')).replyLang).toBeNull();
  });
});
