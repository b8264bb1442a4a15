import { describe, expect, it } from 'vitest';
import { anonymise } from './index.ts';

describe('each kind of personal datum, in every variant format', () => {
  it.each([
    // IBANs of every variant, grouped, ungrouped, lower case, followed by words
    ['IBAN DE89 3704 0044 0532 0130 00, bitte', 'IBAN [IBAN], bitte'],
    ['von AT61 1904 3002 3457 3201 und', 'von [IBAN] und'],
    ['CH9300762011623852957 ist mein Konto', '[IBAN] ist mein Konto'],
    ['mitt konto SE45 5000 0000 0583 9825 7466', 'mitt konto [IBAN]'],
    ['kontoen min er NO93 8601 1117 947.', 'kontoen min er [IBAN].'],
    ['iban de89370400440532013000', 'iban [IBAN]'],
    // card numbers (Luhn)
    ['Karte 4111 1111 1111 1111 abgelehnt', 'Karte [CARD] abgelehnt'],
    ['card 5555-5555-5555-4444', 'card [CARD]'],
    // e-mail
    ['schreibt an anna.schmidt@web.de', 'schreibt an [EMAIL]'],
    ['mail: jose_garcia+deuda@correo.es', 'mail: [EMAIL]'],
    // phones of every variant
    ['ruf mich an: 0171 2345678', 'ruf mich an: [PHONE]'],
    ['Tel. 040/1234567', 'Tel. [PHONE]'],
    ['Handy +43 664 1234567', 'Handy [PHONE]'],
    ['mein Natel 079 123 45 67', 'mein Natel [PHONE]'],
    ['ring 070-123 45 67', 'ring [PHONE]'],
    ['ring meg på +47 412 34 567', 'ring meg på [PHONE]'],
    ['numaram 0532 123 45 67', 'numaram [PHONE]'],
    // reference numbers
    ['mein AZ ist 100000001', 'mein AZ ist [REFERENCE]'],
    ['Aktenzeichen 100000010-2', 'Aktenzeichen [REFERENCE]'],
    ['ref 12345678', 'ref [REFERENCE]'],
    // national identity numbers
    ['personnummer 850517-2386', 'personnummer [NATIONAL_ID]'],
    ['mitt pnr är 19850517-2386', 'mitt pnr är [NATIONAL_ID]'],
    ['fødselsnummer 170585 12345', 'fødselsnummer [NATIONAL_ID]'],
    // dates of birth after a cue
    ['geboren am 12.03.1985', 'geboren am [BIRTHDATE]'],
    ['date of birth 1985-03-12', 'date of birth [BIRTHDATE]'],
    ['née le 12/03/1985', 'née le [BIRTHDATE]'],
    ['doğum tarihim 01.02.1990', 'doğum tarihim [BIRTHDATE]'],
    ['född 12 mars 1985', 'född [BIRTHDATE]'],
    // names after cues and from the name lists
    ['Hallo, mein Name ist Anna Schmidt.', 'Hallo, mein Name ist [NAME].'],
    // a name that ends the sentence: the full stop is punctuation, not part of the surname
    ['ich bin Jonas Becker.', 'ich bin [NAME].'],
    ['Ich bin Jonas Becker. Danke', 'Ich bin [NAME]. Danke'],
    ['Danke für alles, Jonas Becker.', 'Danke für alles, [NAME].'],
    ['Grüße Mehmet Yılmaz', 'Grüße [NAME]'],
    ['me llamo jose garcia y debo dinero', 'me llamo [NAME] y debo dinero'],
    ['Je suis Pierre Dupont', 'Je suis [NAME]'],
    ['Sono Giulia Rossi', 'Sono [NAME]'],
    ['benim adım Ayşe Demir', 'benim adım [NAME]'],
    ['jag heter Sven Andersson', 'jag heter [NAME]'],
    ['Herr Müller hat angerufen', 'Herr [NAME] hat angerufen'],
    ['Thomas Wagner hat für mich bezahlt', '[NAME] hat für mich bezahlt'],
    // street addresses with postal code and city
    ['wohne in der Hauptstraße 12, 20095 Hamburg', 'wohne in der [ADDRESS]'],
    ['Am Markt 3a', '[ADDRESS]'],
    ['12 rue de la Paix, 75002 Paris', '[ADDRESS]'],
    ['Calle Mayor 5, 28013 Madrid', '[ADDRESS]'],
    ['via Roma 10, 00184 Roma', '[ADDRESS]'],
    ['Atatürk Caddesi No: 12', '[ADDRESS]'],
    ['Storgatan 5, 114 55 Stockholm', '[ADDRESS]'],
    ['Karl Johans gate 1, 0154 Oslo', '[ADDRESS]'],
    ['Bahnhofstrasse 1, CH-8001 Zürich', '[ADDRESS]'],
    ['ich bin nach 1010 Wien gezogen', 'ich bin nach [ADDRESS] gezogen'],
  ])('%s', (input, expected) => {
    expect(anonymise(input)).toBe(expected);
  });
});

describe('amounts and ordinary dates stay', () => {
  it.each([
    'Ich habe am 15.12.2026 1.250,00 € überwiesen',
    'kann ich 50 Euro im Monat zahlen, ab dem 1.',
    'I paid 199,90 kr on 15/12',
    "CHF 1'250.50 am 3. Dezember",
    'je peux payer 1 250,00 € le 15 janvier',
    'posso pagare 70 euro al mese dal 2026-12-01',
    'ayda 50 euro ödeyebilirim, 15 aralık',
    'jag kan betala 500 kr i månaden från den 25',
    'Ich will 2000 Euro in 12 Raten zahlen',
    'I am unable to pay 50 euros a month',
    'Wie viel muss ich zahlen?',
  ])('%s', (input) => {
    expect(anonymise(input)).toBe(input);
  });
});

describe('values known from the file go first, however they are typed', () => {
  const known = {
    names: ['Mehmet', 'Yılmaz'],
    street: 'Lindenallee 7',
    zip: '50667',
    city: 'Köln',
    email: 'm.yilmaz@example.org',
    phones: ['+49 171 2345678'],
    iban: 'DE02120300000000202051',
    birthDate: '1979-04-02',
  };
  it.each([
    ['hier ist mehmet yilmaz aus koeln', 'hier ist [NAME] aus [ADDRESS]'],
    ['Lindenallee 7 in 50667 Köln', '[ADDRESS] in [ADDRESS]'],
    ['mail M.Yilmaz@example.org', 'mail [EMAIL]'],
    ['ruf 0171 234 5678 an', 'ruf [PHONE] an'],
    ['konto de02 1203 0000 0000 2020 51', 'konto [IBAN]'],
    ['bin am 02.04.1979 geboren', 'bin am [BIRTHDATE] geboren'],
    ['Yılmaz zahlt 50 € am 15.', '[NAME] zahlt 50 € am 15.'],
  ])('%s', (input, expected) => {
    expect(anonymise(input, known)).toBe(expected);
  });

  it('another debtor’s values are their own, though the patterns of known values are kept between turns', () => {
    // "Sonne" is an ordinary word ("sun"): removed only where it is the debtor's known name.
    const namedSonne = { ...known, names: [...known.names, 'Sonne'] };
    const text = 'die sonne schien im garten';
    expect(anonymise(text, namedSonne)).toBe('die [NAME] schien im garten');
    expect(anonymise(text, namedSonne)).toBe('die [NAME] schien im garten');
    expect(anonymise(text, known)).toBe(text);
    expect(anonymise(text, {})).toBe(text);
    expect(anonymise(text, namedSonne)).toBe('die [NAME] schien im garten');
  });
});

describe('issue 27: passwords, identity numbers, other people’s names, and no ordinary word taken for a name', () => {
  it.each([
    ['Mein Passwort ist Demo-Pass1 und ich komme nicht rein', 'Mein Passwort ist [PASSWORD] und ich komme nicht rein'],
    ['password: hunter2', 'password: [PASSWORD]'],
    ['şifrem Ankara1923 ama giremiyorum', 'şifrem [PASSWORD] ama giremiyorum'],
    ['mi contraseña es "gato-feliz" y no funciona', 'mi contraseña es "[PASSWORD]" y no funciona'],
    ['Ausweisnummer L01X00T47', 'Ausweisnummer [NATIONAL_ID]'],
    ['SV-Nummer 12 150385 S 123', 'SV-Nummer [NATIONAL_ID]'],
    ['mi DNI es 12345678Z', 'mi DNI es [NATIONAL_ID]'],
    [
      'die letzten Ziffern meiner Sozialversicherungsnummer sind 4711',
      'die letzten Ziffern meiner Sozialversicherungsnummer sind [NATIONAL_ID]',
    ],
    ['Hier schreibt A. Schneider, ich zahle seit Mai', 'Hier schreibt [NAME], ich zahle seit Mai'],
    ['Kontoinhaber ist Jürgen Weber-Hohenstein', 'Kontoinhaber ist [NAME]'],
    ['Mein Vater Hans Müller zahlt seit März', 'Mein Vater [NAME] zahlt seit März'],
    ['Eşim Ayşe Kaya ödeyecek', 'Eşim [NAME] ödeyecek'],
    ["Maître Dupont-Aignan s'occupe du dossier", "Maître [NAME] s'occupe du dossier"],
  ])('%s', (input, expected) => {
    expect(anonymise(input)).toBe(expected);
  });

  it.each([
    'hier schreibt seit heute meine Tochter',
    'mein name seit der Heirat ist anders',
    'ich habe mein Passwort vergessen',
    'mein Passwort ist falsch',
    'şifrem çalışmıyor',
    'mein vater zahlt seit märz',
  ])('keeps "%s"', (input) => {
    expect(anonymise(input)).toBe(input);
  });

  it('removes the debtor’s name however it is written: initials, reversed, lower case', () => {
    const known = { firstNames: ['Anna'], lastNames: ['Schneider'] };
    expect(anonymise('Hier schreibt A. Schneider', known)).toBe('Hier schreibt [NAME]');
    expect(anonymise('schneider anna kann nicht zahlen', known)).toBe('[NAME] kann nicht zahlen');
    expect(anonymise('danke, Anna S.', known)).toBe('danke, [NAME]');
    expect(anonymise('Schneiders Konto', known)).toBe('[NAME] Konto');
  });
});

describe('a place of residence after a verb of living or moving, in either word order', () => {
  it.each([
    ['jetzt wohne ich in Kleinmachnow und kann nicht zahlen', 'jetzt wohne ich in [ADDRESS] und kann nicht zahlen'],
    ['Ich bin umgezogen nach Bad Homburg', 'Ich bin umgezogen nach [ADDRESS]'],
    ['wir sind nach Bielefeld gezogen', 'wir sind nach [ADDRESS] gezogen'],
    ['nu bor jag i Göteborg, kan jag betala senare?', 'nu bor jag i [ADDRESS], kan jag betala senare?'],
    ['numera bor jag hos min mamma i Kiruna', 'numera bor jag hos min mamma i [ADDRESS]'],
    ['nå bor jeg i Drammen', 'nå bor jeg i [ADDRESS]'],
    ['i live in Croydon now', 'i live in [ADDRESS] now'],
    ['ahora vivo en Getafe con mi hermana', 'ahora vivo en [ADDRESS] con mi hermana'],
    ["j'habite maintenant à Villeurbanne", "j'habite maintenant à [ADDRESS]"],
    ['adesso abito a Cinisello Balsamo', 'adesso abito a [ADDRESS]'],
    ["Eskişehir'de oturuyorum, ödeme yapamıyorum", "[ADDRESS]'de oturuyorum, ödeme yapamıyorum"],
    ["geçen ay Bursa'ya taşındık", "geçen ay [ADDRESS]'ya taşındık"],
  ])('%s', (input, expected) => {
    expect(anonymise(input)).toBe(expected);
  });

  it.each([
    'ich lebe in ständiger Angst wegen der Schulden',
    'ich lebe in Armut und kann nicht zahlen',
    'jag bor i en liten lägenhet och har ont om pengar',
    'I speak german, is there an english version?',
    'I live in fear of the next letter',
  ])('keeps "%s"', (input) => {
    expect(anonymise(input)).toBe(input);
  });
});

describe('a birth date before the verb of birth', () => {
  it.each([
    ['ich bin am 3. März 1985 geboren', 'ich bin am [BIRTHDATE] geboren'],
    ['jag är den 14 maj 1987 född', 'jag är den [BIRTHDATE] född'],
    ['sono il 02/07/1988 nata a Napoli', 'sono il [BIRTHDATE] nata a Napoli'],
  ])('%s', (input, expected) => {
    expect(anonymise(input, {}, { tagger: false })).toBe(expected);
  });

  it('keeps a payment date before another verb', () => {
    expect(anonymise('ich habe am 3. März 2026 gezahlt')).toBe('ich habe am 3. März 2026 gezahlt');
  });
});

describe('names at the end after a closing, after a title, and a town after a street', () => {
  it.each([
    ['LG Tobi', 'LG [NAME]'],
    ['Can I pay 30 pounds a month? Thanks, Grace', 'Can I pay 30 pounds a month? Thanks, [NAME]'],
    ['je suis Mme Nguyen Thi Lan', 'je suis Mme [NAME]'],
    ['Ich habe mit Frau Schulz von Ihrer Firma telefoniert', 'Ich habe mit Frau [NAME] von Ihrer Firma telefoniert'],
    ['Bağdat Caddesi No 45 Kadıköy.', '[ADDRESS].'],
  ])('%s', (input, expected) => {
    expect(anonymise(input)).toBe(expected);
  });

  it.each(['Vielen Dank, Tschüss', 'Thanks, Bye', 'grazie mille', 'Merci, Bonne journée', 'Danke im Voraus'])(
    'keeps "%s"',
    (input) => {
      expect(anonymise(input)).toBe(input);
    },
  );

  it('keeps an everyday word after a street', () => {
    expect(anonymise('ich wohne Hauptstraße 5 Danke.', {}, { tagger: false })).toBe('ich wohne [ADDRESS] Danke.');
  });
});
