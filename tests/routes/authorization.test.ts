/**
 * Every route module is either on the list of public screens below or refuses a visitor: its
 * loader and its action send a request without a session to the sign-in page. A new route that
 * touches a file fails here until it has a guard (or is consciously added to the public list).
 */
import type { ActionFunction, LoaderFunction } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

// Every route module: the flat files and the folder routes (a folder's route.tsx, decision 084).
const modules = import.meta.glob<{ loader?: LoaderFunction; action?: ActionFunction }>(
  ['../../app/routes/*.{ts,tsx}', '../../app/routes/*/route.{ts,tsx}'],
  { eager: true },
);

/** Screens open to visitors (spec section 6), and resource routes with their own checks. */
const publicRoutes = new Set([
  '_index',
  '$portal',
  '$portal._index',
  '$portal.$',
  '$portal.access-denied',
  '$portal.captcha',
  '$portal.consent',
  '$portal.data-protection',
  '$portal.disable-reminder',
  '$portal.email-information',
  // Open by the route table: a rating needs no file; with a session it counts for the file.
  '$portal.feedback',
  '$portal.information-security',
  '$portal.l.$token',
  '$portal.language',
  '$portal.legal-notice',
  // The card terms a debtor ticks before paying by card: legal text, readable before signing in.
  '$portal.card-terms',
  '$portal.maintenance',
  '$portal.password.reset',
  '$portal.password.reset_.$token',
  '$portal.privacy',
  // The page of a request the edge refused: it shows only the reason the edge handed over.
  '$portal.refused',
  '$portal.service._index',
  '$portal.service.faq',
  '$portal.session',
  '$portal.signin',
  '$portal.signin_.bankid',
  '$portal.signin_.bankid_.callback',
  '$portal.signin_.bankid_.collect',
  '$portal.signin_.set-password',
  '$portal.signout',
  '$portal.theme[.]css',
  'sandbox.bankid.$orderRef',
  // Payment providers: their pages stand for a third party (the sandbox), their webhooks and the
  // TWINT postback come from the provider's servers and are verified by signature, never by session.
  'sandbox.pay.$sessionId',
  'payments.webhook.$provider',
  '$portal.twintPostback',
  // The assistant, open on every page (home and sign-in too): a visitor's conversation is bound to
  // no session and its tools answer a visitor without figures (sign in first); a debtor's is bound
  // to the session on the server.
  '$portal.assistant.chat',
  // The assistant's links: records the followed turn of this browser's own conversation, then redirects.
  '$portal.assistant.follow',
  // The pane's password step-up (POST only): its own check, a visitor gets 401 (assistant-step-up.test.ts).
  '$portal.assistant.step-up',
  // Closing the pane (POST only): marks the offers of this browser's own conversation abandoned, nothing else.
  '$portal.assistant.closed',
  '$portal.chatbot',
  // The JSON API (issue 17): every endpoint declares its level and the runtime answers a call
  // without a bearer token with a 401 problem before anything else; cookies are never read.
  // tests/api/runtime.test.ts checks every registered endpoint.
  'api.$',
  // The agency API (issue 29, decision 086): machine clients with OAuth 2.0 client credentials; a
  // call without a valid bearer token is a 401 problem, cookies are never read.
  // tests/db/agency-api.test.ts checks the token flow, the scopes and the 401.
  'agency.v1.$',
]);

const routeId = (file: string) =>
  file
    .replace(/^.*\/routes\//, '')
    .replace(/\/route\.tsx?$/, '')
    .replace(/\.tsx?$/, '');
// The staff review desk has its own sign-in and guard: tests/routes/staff.test.ts.
const isStaffRoute = (file: string) => /^staff(\.|$)/.test(routeId(file));
const guarded = Object.entries(modules).filter(([file]) => !publicRoutes.has(routeId(file)) && !isStaffRoute(file));

useRouteDatabase();

function pathOf(id: string): string {
  const path = id
    .replace(/^\$portal\.?/, '')
    .split('.')
    .filter(Boolean)
    .map((segment) => segment.replace(/_$/, '').replace(/^\$.*/, '1'))
    .join('/');
  return `/serviceportal/${path}`;
}

describe('route authorization', () => {
  it('knows every route module', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(publicRoutes.size);
    for (const id of publicRoutes) expect(Object.keys(modules).map(routeId), `public route ${id} exists`).toContain(id);
  });

  it.each(guarded.map(([file, module]) => [routeId(file), module] as const))(
    '%s refuses visitors',
    async (id, module) => {
      const path = pathOf(id);
      const params = { portal: 'serviceportal', token: 'x', orderRef: 'x', '*': 'x' };
      for (const [kind, fn] of [
        ['loader', module.loader],
        ['action', module.action],
      ] as const) {
        if (!fn) continue;
        const request = kind === 'loader' ? getRequest(path) : formRequest(path, { fileId: '1', intent: 'x' });
        const result = await run(fn as never, request, params);
        expect(result.status, `${id} ${kind}`).toBe(302);
        expect(result.headers.get('Location'), `${id} ${kind}`).toMatch(/^\/serviceportal\/signin\?action=AZonly/);
      }
    },
  );
});
