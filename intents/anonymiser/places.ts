/**
 * Cities debtors live in or name (the variants' countries, their neighbours, and the countries
 * many debtors come from), written for the anonymiser: the tagger's training fills its address
 * slots from them and knows a city as a feature. Not the only way a city is found: a capitalised
 * word after "wohne in", "live in", "vivo en" is learned from the context too.
 */
export const CITIES = (
  'Berlin|Hamburg|München|Köln|Frankfurt|Stuttgart|Düsseldorf|Dortmund|Essen|Leipzig|Bremen|Dresden|Hannover|Nürnberg|Duisburg|Bochum|' +
  'Wuppertal|Bielefeld|Bonn|Münster|Mannheim|Karlsruhe|Augsburg|Wiesbaden|Mönchengladbach|Gelsenkirchen|Aachen|Braunschweig|Kiel|Chemnitz|' +
  'Halle|Magdeburg|Freiburg|Krefeld|Mainz|Lübeck|Erfurt|Oberhausen|Rostock|Kassel|Hagen|Potsdam|Saarbrücken|Hamm|Ludwigshafen|Oldenburg|' +
  'Osnabrück|Leverkusen|Heidelberg|Darmstadt|Solingen|Regensburg|Herne|Paderborn|Neuss|Ingolstadt|Offenbach|Würzburg|Ulm|Heilbronn|Pforzheim|' +
  'Wolfsburg|Göttingen|Bottrop|Reutlingen|Koblenz|Bremerhaven|Recklinghausen|Erlangen|Trier|Jena|Siegen|Hildesheim|Cottbus|Wien|Graz|Linz|' +
  'Salzburg|Innsbruck|Klagenfurt|Villach|Wels|Dornbirn|Zürich|Genf|Genève|Basel|Bern|Lausanne|Winterthur|Luzern|St. Gallen|Lugano|Biel|Thun|' +
  'Fribourg|Neuchâtel|Sion|Stockholm|Göteborg|Malmö|Uppsala|Västerås|Örebro|Linköping|Helsingborg|Jönköping|Norrköping|Lund|Umeå|Gävle|Borås|' +
  'Södertälje|Eskilstuna|Oslo|Bergen|Trondheim|Stavanger|Drammen|Fredrikstad|Kristiansand|Tromsø|Sandnes|Paris|Marseille|Lyon|Toulouse|Nice|' +
  'Nantes|Strasbourg|Montpellier|Bordeaux|Lille|Rennes|Reims|Grenoble|Dijon|Annecy|Mulhouse|Metz|Nancy|Bruxelles|Liège|Luxembourg|Madrid|' +
  'Barcelona|Valencia|Sevilla|Zaragoza|Málaga|Murcia|Palma|Bilbao|Alicante|Córdoba|Valladolid|Vigo|Gijón|Granada|Salamanca|Roma|Milano|' +
  'Napoli|Torino|Palermo|Genova|Bologna|Firenze|Bari|Catania|Venezia|Verona|Padova|Trieste|Brescia|Bolzano|İstanbul|Istanbul|Ankara|İzmir|' +
  'Izmir|Bursa|Antalya|Konya|Adana|Gaziantep|Kayseri|Mersin|Samsun|Trabzon|Diyarbakır|London|Manchester|Birmingham|Liverpool|Leeds|Sheffield|' +
  'Bristol|Glasgow|Edinburgh|Cardiff|Belfast|Dublin|Amsterdam|Rotterdam|Utrecht|Warschau|Warszawa|Kraków|Wrocław|Gdańsk|Poznań|Bukarest|' +
  'București|Cluj|Timișoara|Iași|Sofia|Belgrad|Beograd|Zagreb|Sarajevo|Tirana|Priština|Prishtina|Kyiv|Kiew|Lwiw|Moskau|Damaskus|Aleppo|' +
  'Bagdad|Kabul|Teheran|Beirut|Kairo|Casablanca|Tunis|Algier|Lissabon|Lisboa|Porto|Athen|Prag|Praha|Budapest|Bratislava|Ljubljana|Kopenhagen|' +
  'København|Helsinki|Aarhus|Odense'
).split('|');

let folded: Set<string> | undefined;

export function isCity(word: string): boolean {
  folded ??= new Set(CITIES.flatMap((c) => [c.toLowerCase(), c.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')]));
  const w = word.toLowerCase().replace(/['’].*$/, '');
  return folded.has(w) || folded.has(w.normalize('NFD').replace(/\p{M}/gu, ''));
}
