/**
 * The journeys' own helpers (decision 060): axe checks a page state once per worker and reports
 * the same verdict when the same state comes again; screenshots are taken only when asked for.
 * Pages are set with `page.setContent`, so the portal's server plays no part.
 */
import { existsSync, rmSync } from 'node:fs';
import { expect, snapshotKey, test, type Page } from './helpers/test';
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

test('axe waits for a fading page to end its animation before reading its colours', async ({ page: tab }) => {
  test.setTimeout(60_000);
  // Dark text that fades in from 20 % over 1.5 s, as the page transition fades a page in: read
  // at the start it is pale grey on white and fails the contrast rule; read at the end it passes.
  const run = `fade-${Date.now()}-${test.info().workerIndex}`;
  await tab.setContent(
    page(
      `<style>@keyframes in { from { opacity: 0.2 } } .${run} { animation: in 1500ms linear; color: #1f2933 }</style>` +
        `<p class="${run}">Your claim is settled.</p>`,
    ),
  );
  await expectNoSeriousA11yViolations(tab, 'a page fading in');
  expect(await tab.evaluate(() => document.getAnimations().length)).toBe(0);
});

test('axe runs once per page structure and repeats its verdict, failures included', async ({ page: tab }) => {
  // Real axe runs: 6–13 s each on a busy two-core machine.
  test.setTimeout(180_000);
  const check = (label: string) => () => expectNoSeriousA11yViolations(tab, label);
  const failing = (label: string) => () =>
    expect(expectNoSeriousA11yViolations(tab, label)).rejects.toThrow(/image-alt/);

  // Each run of this test has its own markup (a class with the run's time), so that a verdict an
  // earlier run of the suite left on disk is not what is counted.
  const run = `probe-${Date.now()}-${test.info().workerIndex}`;
  const probe = (body: string) => page(`<div class="${run}">${body}</div>`);
  const probeForm = probe('<form><label for="q">Name</label><input id="q" name="q"><button>Send</button></form>');
  await tab.setContent(probeForm);
  expect(await counted(check('form'))).toEqual({ runs: 1, reused: 0 });
  // The same page again, as after another sign-in: the verdict is reused.
  await tab.setContent(probeForm);
  expect(await counted(check('form again'))).toEqual({ runs: 0, reused: 1 });
  // The same structure with other words (another language, another file's figures), a value
  // typed or the focus elsewhere: the same page to axe.
  await tab.setContent(probeForm.replace('Name', 'Adı').replace('Send', 'Gönder'));
  expect(await counted(check('form in Turkish'))).toEqual({ runs: 0, reused: 1 });
  await tab.getByRole('textbox').fill('Jonas');
  await tab.getByRole('button').focus();
  expect(await counted(check('form with a value and focus on the button'))).toEqual({ runs: 0, reused: 1 });

  // What axe could judge differently is a new page: an element more, an empty label, a phone.
  await tab.setContent(probeForm.replace('</form>', '<p class="error">Required</p></form>'));
  expect(await counted(check('form with a message'))).toEqual({ runs: 1, reused: 0 });
  await tab.setContent(probeForm.replace('>Name<', '><'));
  expect(
    await counted(() =>
      expect(expectNoSeriousA11yViolations(tab, 'form with an empty label')).rejects.toThrow(/\blabel\b/),
    ),
  ).toEqual({ runs: 1, reused: 0 });
  await tab.setContent(probeForm);
  await tab.setViewportSize({ width: 390, height: 844 });
  expect(await counted(check('form on a phone'))).toEqual({ runs: 1, reused: 0 });

  // A serious violation fails every time the page comes, not only the first.
  const broken = probe('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">');
  await tab.setContent(broken);
  expect(await counted(failing('image without alt'))).toEqual({ runs: 1, reused: 0 });
  await tab.setContent(broken);
  expect(await counted(failing('image without alt again'))).toEqual({ runs: 0, reused: 1 });

  // A page with a frame is always checked: the frame's document is not in the markup.
  const framed = probe('<iframe title="frame" srcdoc="<p>inside</p>"></iframe>');
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

// eslint-disable-next-line no-empty-pattern
test('the HTML validator keys a snapshot by all but its nonce, inline scripts and hidden values', async ({}) => {
  const document = (nonce: string, token: string, context: string, main: string) =>
    `<!doctype html><html lang="de"><head><title>t</title><script nonce="${nonce}">window.__ctx=${context}</script></head>` +
    `<body><form method="post"><input type="hidden" name="csrf" value="${token}">${main}</form></body></html>`;
  const first = snapshotKey(document('a1', 't1', '{"at":1}', '<button>Senden</button>'));
  // Sent again: a new nonce, a new form token, other loader data in Remix's context.
  expect(snapshotKey(document('b2', 't2', '{"at":2}', '<button>Senden</button>'))).toBe(first);
  // Anything a rule reads is a new snapshot: a text, an attribute, an element, a visible value.
  expect(snapshotKey(document('a1', 't1', '{"at":1}', '<button>Zahlen</button>'))).not.toBe(first);
  expect(snapshotKey(document('a1', 't1', '{"at":1}', '<button type="submit">Senden</button>'))).not.toBe(first);
  expect(snapshotKey(document('a1', 't1', '{"at":1}', '<button>Senden</button><p></p>'))).not.toBe(first);
  expect(snapshotKey(document('a1', 't1', '{"at":1}', '<input name="n" value="x"><button>Senden</button>'))).not.toBe(
    snapshotKey(document('a1', 't1', '{"at":1}', '<input name="n" value="y"><button>Senden</button>')),
  );
});

test('screenshots are taken only with SCREENSHOTS=1', async ({ page: tab }) => {
  await tab.setContent(form);
  expect(await pictures(tab, undefined)).toEqual([false, false]);
  expect(await pictures(tab, '0')).toEqual([false, false]);
  expect(await pictures(tab, '1')).toEqual([true, true]);
});
