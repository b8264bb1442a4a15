import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { shouldRevalidate as root } from '~/root';
import { shouldRevalidate as variantLayout } from '~/routes/$portal';

const page = new URL('http://portal.test/serviceportal/dashboard');
const args = (extra: Partial<ShouldRevalidateFunctionArgs> = {}): ShouldRevalidateFunctionArgs => ({
  currentUrl: page,
  currentParams: { portal: 'serviceportal' },
  nextUrl: page,
  nextParams: { portal: 'serviceportal' },
  defaultShouldRevalidate: true,
  ...extra,
});
const submission = (action: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}) =>
  args({ formMethod: 'POST', formAction: action, actionStatus: 200, ...extra });

describe('what the root and the variant layout read again', () => {
  it('reads both again on every navigation, links and GET forms alike', () => {
    const next = new URL('http://portal.test/serviceportal/claim-information');
    for (const fn of [root, variantLayout]) {
      expect(fn(args({ nextUrl: next, defaultShouldRevalidate: false }))).toBe(true);
      expect(fn(args({ formMethod: 'GET', formAction: '/serviceportal/dashboard' }))).toBe(true);
    }
  });

  it('leaves both as they were after a fetcher call or a form answered on its page', () => {
    for (const action of [
      '/serviceportal/signin/bankid/collect',
      '/serviceportal/uploads',
      '/serviceportal/dashboard?index',
      '/serviceportal/checkout/pay-installments?step=date',
      // Asking for a reset link changes nothing the root shows.
      '/serviceportal/password/reset',
    ]) {
      expect(root(submission(action)), action).toBe(false);
      expect(variantLayout(submission(action)), action).toBe(false);
    }
  });

  it('reads the root again after the actions that change what it shows', () => {
    for (const action of [
      '/serviceportal/signin',
      '/serviceportal/signin/bankid',
      '/serviceportal/signout',
      '/serviceportal/session',
      '/serviceportal-ch/consent',
      '/serviceportal/language',
      // A new password by a reset link signs the debtor in (the menu must leave "Sign in" at once).
      '/serviceportal/password/reset/eyJhbGciOi.abc-def_1',
      '/paycare/debtor/profile/password',
    ]) {
      expect(root(submission(action)), action).toBe(true);
    }
    // …unless Remix itself would not (an action answered with an error status).
    expect(root(submission('/serviceportal/signin', { actionStatus: 400, defaultShouldRevalidate: false }))).toBe(
      false,
    );
  });
});
