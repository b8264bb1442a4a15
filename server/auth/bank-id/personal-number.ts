import { keyedHash } from '../../security/crypto.ts';

/**
 * A personal identity number (Swedish personnummer, Norwegian fødselsnummer) as the portal keeps
 * it: a keyed hash of its digits, never the number in clear. The bank identities' answers and the
 * agency's lines (server/agency/import/stage.ts) are hashed alike, so that a debtor the agency
 * named signs in with their bank identity.
 */
export const hashPersonalNumber = (value: string) => keyedHash('personal-number', value.replace(/\D/g, ''));
