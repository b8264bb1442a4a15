/**
 * The journeys' own helpers (decision 060): axe checks a page state once per worker and reports
 * the same verdict when the same state comes again; screenshots are taken only when asked for.
 * Pages are set with `page.setContent`, so the portal's server plays no part.
 */
import { existsSync, rmSync } from 'node:fs';
import { expect, test, type Page } from './helpers/test';
import { axeCounts, expectNoSeriousA11yViolations } from './helpers/axe';
import { screenshotPath, screenshots } from './helpers/screenshots';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1>${body}</main></body></html>`;
const form = page('<form><label for="q">Name</label><input id="q" name="q"><button>Send</button></form>');

async function counted(run: () => Promise<unknown>) {
  const before = { ...axeCounts };
  await run();
  return { runs: axeCounts.runs - before.runs, reused: axeCounts.reused - before.reused };
}

test('axe runs once per page state and repeats its verdict, failures included', async ({ page: tab }) => {
  // Seven real axe runs: 6–13 s each on a busy two-core machine.
  test.setTimeout(180_000);
  const check = (label: string) => () => expectNoSeriousA11yViolations(tab, label);
  const failing = (label: string) => () =>
    expect(expectNoSeriousA11yViolations(tab, label)).rejects.toThrow(/image-alt/);

  await tab.setContent(form);
  expect(await counted(check('form'))).toEqual({ runs: 1, reused: 0 });
  // The same page again, as after another sign-in: the verdict is reused.
  await tab.setContent(form);
  expect(await counted(check('form again'))).toEqual({ runs: 0, reused: 1 });

  // What the markup does not show still counts: a value typed, the focus, the viewport.
  await tab.getByLabel('Name').fill('Jonas');
  expect(await counted(check('form with a value'))).toEqual({ runs: 1, reused: 0 });
  await tab.getByRole('button', { name: 'Send' }).focus();
  expect(await counted(check('form with focus on the button'))).toEqual({ runs: 1, reused: 0 });
  await tab.setViewportSize({ width: 390, height: 844 });
  expect(await counted(check('form on a phone'))).toEqual({ runs: 1, reused: 0 });

  // A serious violation fails every time the page comes, not only the first.
  const broken = page('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">');
  await tab.setContent(broken);
  expect(await counted(failing('image without alt'))).toEqual({ runs: 1, reused: 0 });
  await tab.setContent(broken);
  expect(await counted(failing('image without alt again'))).toEqual({ runs: 0, reused: 1 });

  // A page with a frame is always checked: the frame's document is not in the markup.
  const framed = page('<iframe title="frame" srcdoc="<p>inside</p>"></iframe>');
  await tab.setContent(framed);
  await expectNoSeriousA11yViolations(tab, 'framed');
  expect(await counted(check('framed again'))).toEqual({ runs: 1, reused: 0 });
});

async function pictures(tab: Page, wanted: string | undefined) {
  const files = ['phone', 'desktop'].map((size) => screenshotPath(`helpers-probe-${size}.png`));
  for (const file of files) rmSync(file, { force: true });
  const before = process.env.SCREENSHOTS;
  if (wanted === undefined) delete process.env.SCREENSHOTS;
  else process.env.SCREENSHOTS = wanted;
  try {
    await screenshots(tab, 'helpers', 'probe');
  } finally {
    if (before === undefined) delete process.env.SCREENSHOTS;
    else process.env.SCREENSHOTS = before;
  }
  const taken = files.map((file) => existsSync(file));
  for (const file of files) rmSync(file, { force: true });
  return taken;
}

test('screenshots are taken only with SCREENSHOTS=1', async ({ page: tab }) => {
  await tab.setContent(form);
  expect(await pictures(tab, undefined)).toEqual([false, false]);
  expect(await pictures(tab, '0')).toEqual([false, false]);
  expect(await pictures(tab, '1')).toEqual([true, true]);
});
