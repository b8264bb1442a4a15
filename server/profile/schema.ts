/**
 * The profile-change form (spec 3, 5): one schema for the browser (conform) and the server.
 * Messages are translation keys of the `profile` namespace. The zip/city check against the
 * postal-code directory is not part of it: it runs on the server (zip-city.ts) after this.
 */
import { z } from 'zod';
import {
  birthdayProblem,
  changeReasons,
  cityProblem,
  companyNameProblem,
  countries,
  fullNameProblem,
  houseNumberProblem,
  moveDateProblem,
  nameProblem,
  normaliseHouseNumber,
  phoneProblem,
  reasonNeeds,
  streetProblem,
  zipProblem,
} from './rules.ts';

// No length limit here: a zod failure at this level would hide every other problem until it
// is fixed (two rounds of errors). Each field's rule below says "too long" in its own words.
const text = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').normalize('NFC').trim());

export const maxProofFiles = 10;

/** The fields and their rules, without the final clean-up (conform reads its constraints from this). */
export function profileChangeFields(today: string) {
  return z
    .object({
      reason: z.enum(changeReasons, { error: 'errors.reason' }),
      salutation: z.coerce
        .number({ error: 'errors.salutation' })
        .refine((v) => v === 1 || v === 2 || v === 3, 'errors.salutation'),
      companyName: text(),
      firstName: text(),
      lastName: text(),
      birthday: text(),
      streetName: text(),
      houseNumber: text(),
      zipCode: text(),
      city: text(),
      country: z.enum(countries, { error: 'errors.country' }),
      email: text(),
      phone: text(),
      relocationDate: text(),
      uploadId: z.array(z.coerce.number().int().positive()).max(maxProofFiles, 'errors.proof.tooMany').default([]),
    })
    .superRefine(
      (raw, ctx) => {
        // With `when` below the values may be raw: a field posted twice arrives as a list. Its
        // type error is already reported; the rules below see it as empty instead of failing.
        const v = Object.fromEntries(
          Object.entries(raw).map(([name, value]) => [name, Array.isArray(value) && name !== 'uploadId' ? '' : value]),
        ) as typeof raw;
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        if (v.salutation === 3) {
          const company = companyNameProblem(v.companyName);
          if (company) issue('companyName', `errors.companyName.${company}`);
          // A contact person is optional for a company; if given, it follows the name rules.
          for (const name of ['firstName', 'lastName'] as const) {
            const problem = v[name] ? nameProblem(v[name]) : null;
            if (problem) issue(name, `errors.${name}.${problem}`);
          }
        } else {
          const first = nameProblem(v.firstName);
          const last = nameProblem(v.lastName);
          if (first) issue('firstName', `errors.firstName.${first}`);
          if (last) issue('lastName', `errors.lastName.${last}`);
          const full = first || last ? null : fullNameProblem(v.firstName, v.lastName);
          if (full) issue('lastName', `errors.fullName.${full}`);
        }
        const birthday = birthdayProblem(v.birthday || null, today);
        if (birthday) issue('birthday', `errors.birthday.${birthday}`);
        const street = streetProblem(v.streetName);
        if (street) issue('streetName', `errors.streetName.${street}`);
        const number = houseNumberProblem(v.houseNumber);
        if (number) issue('houseNumber', `errors.houseNumber.${number}`);
        const zip = zipProblem(v.zipCode, v.country);
        if (zip) issue('zipCode', `errors.zipCode.${zip}`);
        const city = cityProblem(v.city);
        if (city) issue('city', `errors.city.${city}`);
        if (v.email && (v.email.length > 254 || !z.email().safeParse(v.email).success)) issue('email', 'errors.email');
        const phone = phoneProblem(v.phone);
        if (phone) issue('phone', 'errors.phone');
        if (!v.email && !v.phone) issue('email', 'errors.reachable');
        const needs = reasonNeeds[v.reason];
        if (needs === 'moveDate') {
          const move = moveDateProblem(v.relocationDate || null, today);
          if (move) issue('relocationDate', `errors.relocationDate.${move}`);
        }
        if ((needs === 'certificate' || needs === 'proof') && (v.uploadId?.length ?? 0) === 0)
          issue('uploadId', `errors.proof.${needs}`);
      },
      // Also when the reason, the salutation or the country is missing: every problem is said in
      // one round, not the choices first and the fields after. `v` may then hold raw values.
      { when: () => true },
    );
}

/** The form as the server takes it: checked, then normalised. */
export function profileChangeSchema(today: string) {
  return profileChangeFields(today).transform((v) => ({
    ...v,
    companyName: v.salutation === 3 ? v.companyName : '',
    houseNumber: normaliseHouseNumber(v.houseNumber),
    email: v.email.toLowerCase(),
    relocationDate: reasonNeeds[v.reason] === 'moveDate' ? v.relocationDate : '',
    // Proof files belong to the reasons that ask for them; others send none.
    uploadId: reasonNeeds[v.reason] === 'certificate' || reasonNeeds[v.reason] === 'proof' ? v.uploadId : [],
  }));
}

export type ProfileChangeInput = z.input<ReturnType<typeof profileChangeSchema>>;
export type ProfileChangeValues = z.output<ReturnType<typeof profileChangeSchema>>;
