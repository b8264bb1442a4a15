/** Consent to anonymous usage statistics; without it no analytics event is sent. */
export const consentCookieName = 'portal_consent';
export const consentMaxAgeSeconds = 60 * 60 * 24 * 180; // asked again after six months
export type ConsentChoice = 'granted' | 'denied';
