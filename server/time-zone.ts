/**
 * The agency's own time zone: sessions, audit, the staff desk's days and times, and the variants
 * without one of their own. No imports, so pages may use it too (the desk's time format).
 */
export const agencyTimeZone = 'Europe/Berlin';
