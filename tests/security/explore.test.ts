import { HtmlValidate, FileSystemConfigLoader } from 'html-validate';
import { describe, it } from 'vitest';
import { remixHandler } from '../helpers/remix-app.ts';
import { demoFiles, origin, useRouteDatabase } from '../helpers/routes.ts';
import { endpoints } from './targets.ts';
const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
describe('explore', () => {
  it('validates', async () => {
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const handle = await remixHandler();
    const counts = new Map<string, number>();
    for (const target of await endpoints()) {
      if (!target.isPage || !target.loader) continue;
      for (const refno of ['100000001', '100000002']) {
        const res = await handle(
          new Request(`${origin}${target.path}`, { headers: { Cookie: await cookieFor(refno), Host: 'portal.test' } }),
        );
        if (!(res.headers.get('Content-Type') ?? '').includes('html')) continue;
        const html = await res.text();
        const report = await validator.validateString(html, 'page.html');
        for (const r of report.results)
          for (const m of r.messages) {
            const k = `${m.ruleId}: ${m.message}`;
            if (!counts.has(k))
              console.log(
                target.path,
                res.status,
                k,
                JSON.stringify(m.selector),
                html.slice(Math.max(0, m.offset - 80), m.offset + 80).replace(/\n/g, ' '),
              );
            counts.set(k, (counts.get(k) ?? 0) + 1);
          }
      }
    }
    console.log([...counts.entries()].map(([k, n]) => `${n} ${k}`).join('\n'));
  }, 600_000);
});
