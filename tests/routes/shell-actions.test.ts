import { describe, expect, it } from 'vitest';
import { action as chooseLanguage } from '~/routes/$portal.language';
import { action as chooseConsent, loader as consentPage } from '~/routes/$portal.consent';
import { loader as maintenancePage } from '~/routes/$portal.maintenance';
import { loader as home } from '~/routes/$portal._index';
import { loader as rootRedirect } from '~/routes/_index';
import { formRequest, getRequest, run } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };

describe('language switcher', () => {
  it('stores an offered language in a cookie and returns to the page without hl', async () => {
    const result = await run(
      chooseLanguage,
      formRequest('/serviceportal/language', { hl: 'tr', returnTo: '/serviceportal/privacy?hl=de&x=1#analytics' }),
      params,
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/serviceportal/privacy?x=1');
    expect(result.headers.get('Set-Cookie')).toMatch(
      /^portal_lang=tr; Path=\/; SameSite=Lax; HttpOnly; Max-Age=31536000$/,
    );
  });

  it('ignores a language the variant does not offer and foreign return addresses', async () => {
    const result = await run(
      chooseLanguage,
      formRequest('/serviceportal/language', { hl: 'sv', returnTo: 'https://evil.example/' }),
      params,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal');
    expect(result.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('consent', () => {
  it('records the choice, shows it on the settings page, and only "granted" counts as consent', async () => {
    const granted = await run(
      chooseConsent,
      formRequest('/serviceportal/consent', { choice: 'granted', returnTo: '/serviceportal' }),
      params,
    );
    expect(granted.headers.get('Set-Cookie')).toMatch(/^portal_consent=granted;.*Max-Age=15552000$/);
    const anythingElse = await run(
      chooseConsent,
      formRequest('/serviceportal/consent', { choice: 'yes please' }),
      params,
    );
    expect(anythingElse.headers.get('Set-Cookie')).toMatch(/^portal_consent=denied;/);
    const page = await run(
      consentPage,
      getRequest('/serviceportal/consent', { Cookie: 'portal_consent=granted' }),
      params,
    );
    expect((page.data as { choice: string }).choice).toBe('granted');
  });
});

describe('entry points', () => {
  it('sends / to the default variant’s dashboard, keeping the query', async () => {
    const result = await run(rootRedirect, getRequest('/?hl=en'), {});
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard?hl=en');
  });

  it('shows the home page of a variant and 404s outside every variant', async () => {
    expect((await run(home, getRequest('/paycare'), { portal: 'paycare' })).status).toBe(200);
    expect((await run(home, getRequest('/nowhere'), { portal: 'nowhere' })).status).toBe(404);
  });

  it('answers the maintenance page with 200 while the portal is up', async () => {
    const result = await run(maintenancePage, getRequest('/serviceportal/maintenance'), params);
    expect(result.status).toBe(200);
    expect((result.data as { active: boolean }).active).toBe(false);
  });
});

describe('maintenance mode', () => {
  it('sends every page to the maintenance page, which answers 503, while the file says so', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { resetEnvCache } = await import('#server/env.ts');
    const { resetRuntime } = await import('#server/runtime.ts');
    const { loader: layout } = await import('~/routes/$portal');
    const dir = mkdtempSync(path.join(tmpdir(), 'maintenance-'));
    const saved = process.env.MAINTENANCE_FILE;
    try {
      writeFileSync(
        path.join(dir, 'maintenance.json'),
        JSON.stringify({ maintenance: false, brands: { paycare: true } }),
      );
      process.env.MAINTENANCE_FILE = path.join(dir, 'maintenance.json');
      resetEnvCache();
      resetRuntime();
      const paycare = await run(layout, getRequest('/paycare/signin'), { portal: 'paycare' });
      expect(paycare.headers.get('Location')).toBe('/paycare/maintenance');
      expect((await run(layout, getRequest('/serviceportal/signin'), params)).status).toBe(200);
      const page = await run(maintenancePage, getRequest('/paycare/maintenance'), { portal: 'paycare' });
      expect(page.status).toBe(503);
      expect(page.headers.get('Retry-After')).toBe('600');
      expect((await run(layout, getRequest('/paycare/maintenance'), { portal: 'paycare' })).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.MAINTENANCE_FILE;
      else process.env.MAINTENANCE_FILE = saved;
      resetEnvCache();
      resetRuntime();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
