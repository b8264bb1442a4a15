/**
 * A tiny corpus for the engine's and the commands' tests, apart from the real training data so
 * that the tests check the machinery, not the data: five intents in German and English.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const FIXTURE: Record<'de' | 'en', Record<string, string[]>> = {
  de: {
    pay_instalments: [
      'ich möchte in raten zahlen',
      'ratenzahlung bitte',
      'kann ich monatlich abzahlen',
      'monatliche raten von 50 euro',
      'ratenplan vereinbaren',
      'in kleinen raten bezahlen',
      'geht eine ratenzahlung',
      'ich zahle lieber in monatsraten',
      'raten über zwölf monate',
      'bitte eine ratenvereinbarung',
    ],
    already_paid: [
      'ich habe schon bezahlt',
      'das geld ist bereits überwiesen',
      'hab gestern überwiesen',
      'zahlung ist längst erfolgt',
      'ich habe die rechnung beglichen',
      'bereits gezahlt',
      'überweisung schon gemacht',
      'ich hab das schon gezahlt',
      'der betrag wurde überwiesen',
      'habe letzte woche bezahlt',
    ],
    callback: [
      'rufen sie mich zurück',
      'rückruf bitte',
      'bitte anrufen',
      'ich möchte einen rückruf',
      'können sie mich anrufen',
      'ruft mich morgen an',
      'telefonischer rückruf erwünscht',
      'anruf am montag bitte',
      'bitte um rückruf am abend',
      'jemand soll mich anrufen',
    ],
    greeting: [
      'hallo',
      'guten morgen',
      'guten tag',
      'hi',
      'servus',
      'moin',
      'hallo zusammen',
      'guten abend',
      'hey',
      'grüß gott',
    ],
    out_of_scope: [
      'wie wird das wetter',
      'erzähl einen witz',
      'wer gewinnt die bundesliga',
      'was kostet ein auto',
      'rezept für kuchen',
      'wann fährt der bus',
      'welcher film läuft',
      'wo ist der bahnhof',
      'wie alt ist der mond',
      'spielst du schach',
    ],
  },
  en: {
    pay_instalments: [
      'i want to pay in instalments',
      'payment plan please',
      'can i pay monthly',
      'monthly instalments of 50',
      'set up an instalment plan',
      'pay in small instalments',
      'are instalments possible',
      'i would rather pay monthly',
      'instalments over twelve months',
      'an instalment agreement please',
    ],
    already_paid: [
      'i already paid',
      'the money has been transferred',
      'i transferred it yesterday',
      'payment was made long ago',
      'i settled the bill',
      'already paid',
      'transfer already done',
      'i paid that already',
      'the amount was transferred',
      'paid last week',
    ],
    callback: [
      'call me back',
      'callback please',
      'please phone me',
      'i want a callback',
      'can you call me',
      'ring me tomorrow',
      'a phone call back please',
      'call on monday please',
      'callback in the evening please',
      'someone should call me',
    ],
    greeting: [
      'hello',
      'good morning',
      'good afternoon',
      'hi',
      'hey there',
      'hiya',
      'hello everyone',
      'good evening',
      'hey',
      'greetings',
    ],
    out_of_scope: [
      'what is the weather',
      'tell me a joke',
      'who wins the league',
      'how much is a car',
      'cake recipe',
      'when does the bus leave',
      'which film is on',
      'where is the station',
      'how old is the moon',
      'do you play chess',
    ],
  },
};

/** Writes the fixture as a data folder (training/ and an empty dev/) and returns its path. */
export function writeFixtureCorpus(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'intents-fixture-'));
  for (const [lang, intents] of Object.entries(FIXTURE)) {
    mkdirSync(path.join(root, 'training', lang), { recursive: true });
    for (const [intent, lines] of Object.entries(intents))
      writeFileSync(path.join(root, 'training', lang, `${intent}.txt`), `# fixture\n${lines.join('\n')}\n`);
  }
  mkdirSync(path.join(root, 'dev'));
  return root;
}
