/**
 * Cue words before a personal datum, in the seven languages (and Norwegian). Data, not logic:
 * a cue that is missing is added here. Each entry is a regular-expression alternation.
 */
const alt = (words: string[]) => words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|');

export const cues = {
  /** Before a date of birth. */
  birth: alt([
    'geboren am', 'geboren', 'geb.', 'geburtsdatum', 'geburtstag', 'geb', 'date of birth', 'birth date', 'birthdate', 'born on', 'born', 'dob', 'd.o.b.',
    'birthday', 'fecha de nacimiento', 'nacido el', 'nacida el', 'nacido', 'nacida', 'nací el', 'naci el', 'date de naissance', 'né le', 'née le', 'ne le',
    'né', 'née', 'data di nascita', 'nato il', 'nata il', 'nato', 'nata', 'doğum tarihi', 'dogum tarihi', 'doğum tarihim', 'dogum tarihim', 'doğumlu', 'dogumlu',
    'doğdum', 'dogdum', 'födelsedatum', 'fodelsedatum', 'född den', 'fodd den', 'född', 'fodd', 'fødselsdato', 'fodselsdato', 'født', 'fodt',
  ]),
  /** Before a phone number. */
  phone: alt([
    'telefonnummer', 'handynummer', 'mobilnummer', 'rufnummer', 'festnetz', 'telefon', 'handy', 'mobil', 'tel.', 'tel', 'phone number', 'phone', 'mobile',
    'cell', 'número de teléfono', 'numero de telefono', 'teléfono', 'telefono', 'móvil', 'movil', 'numéro de téléphone', 'numéro', 'numero', 'téléphone',
    'portable', 'cellulare', 'cell.', 'telefon numaram', 'telefon numarası', 'telefon numarasi', 'numaram', 'numara', 'cep', 'gsm', 'mobiltelefon',
    'telefonnr', 'tlf', 'nummer',
  ]),
  /** Before a reference number of a file. */
  reference: alt([
    'aktenzeichen', 'az.', 'az', 'referenznummer', 'referenz', 'reference number', 'reference', 'ref no', 'ref.', 'ref', 'file number', 'case number',
    'kundennummer', 'vorgangsnummer', 'rechnungsnummer', 'número de referencia', 'referencia', 'expediente', 'référence', 'reference', 'dossier',
    'riferimento', 'pratica', 'dosya numarası', 'dosya no', 'dosya', 'referans', 'ärendenummer', 'ärende', 'referensnummer', 'saksnummer', 'kundnummer',
  ]),
  /** Before a name: "my name is …", sign-offs, "this is …". */
  nameBefore: alt([
    'ich heiße', 'ich heisse', 'mein name ist', 'mein name lautet', 'mein name', 'name:', 'name ist', 'hier ist', 'hier spricht', 'hier schreibt',
    'my name is', "my name's", 'name is', 'this is', 'me llamo', 'mi nombre es', 'mi nombre', 'nombre:', "je m'appelle", 'je m’appelle', 'mon nom est',
    'nom:', 'mi chiamo', 'il mio nome è', 'il mio nome e', 'nome:', 'benim adım', 'benim adim', 'adım', 'adim', 'ismim', 'isim:', 'ad soyad:', 'adı soyadı',
    'jag heter', 'mitt namn är', 'mitt namn ar', 'namn:', 'jeg heter', 'navnet mitt er', 'navn:', 'mit freundlichen grüßen', 'mit freundlichen grüssen',
    'mfg', 'viele grüße', 'viele grüsse', 'liebe grüße', 'liebe grüsse', 'lg', 'vg', 'grüße', 'grüsse', 'gruß', 'gruss', 'best regards', 'kind regards',
    'regards', 'sincerely', 'cheers', 'un saludo', 'saludos', 'atentamente', 'cordialement', 'bien à vous', 'cordiali saluti', 'distinti saluti', 'saluti',
    'saygılarımla', 'saygilarimla', 'selamlar', 'med vänlig hälsning', 'vänliga hälsningar', 'hälsningar', 'halsningar', 'mvh', 'med vennlig hilsen',
    'hilsen', 'i am', "i'm", 'soy', 'sono', 'je suis', 'ben',
  ]),
  /** Titles before a surname. */
  title: alt([
    'Herr', 'Herrn', 'Frau', 'Hr.', 'Mr', 'Mrs', 'Ms', 'Miss', 'Dr', 'Señor', 'Señora', 'Sr.', 'Sra.', 'Srta.', 'Doña', 'Monsieur', 'Madame', 'Mme', 'Mlle',
    'Signor', 'Signora', 'Sig.', 'Sig.ra', 'Dott.', 'Bay', 'Bayan', 'Fru', 'Fröken', 'Fräulein',
  ]),
  /** Words that end a name after a cue. */
  stopWords: new Set(
    (
      'und and y e et ve och og ich i je io ben jag jeg mein meine my mi mon ma il la le el der die das the a an und, aber but pero mais ma ama men ' +
      'habe have tengo ai ho var har bin am soy suis sono ist is es est è är er wurde was nicht not no ne non değil inte ikke bitte please por favor ' +
      'unable able going trying writing calling schreibe rufe möchte mochte want quiero veux voglio istiyorum vill will would can kann puedo peux posso'
    ).split(' '),
  ),
};
