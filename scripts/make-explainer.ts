/**
 * npx tsx scripts/make-explainer.ts — renders the explanation video and its captions.
 *
 * The video (public/media/explainer.webm) has no words in it: eight calm scenes drawn with CSS,
 * recorded from Debian's Chromium. The words are the captions, one file per language
 * (public/media/explainer.<lang>.vtt), made from `video.transcript` in
 * locales/<lang>/claimInfo.json: one transcript line per scene. Run it again after changing the
 * transcript (`--captions-only` skips the recording); tests/unit/explainer-captions.test.ts
 * fails while the captions are out of date.
 *
 * Recording needs an ffmpeg where Playwright looks for its own (it cannot download one here):
 * `apt-get install ffmpeg` and link /usr/bin/ffmpeg to ~/.cache/ms-playwright/ffmpeg-<rev>/ffmpeg-linux.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { languages } from '../server/i18n/languages.ts';
import { captionsFor, sceneSeconds } from '../server/documents/explainer.ts';

const root = path.resolve(import.meta.dirname, '..');
const media = path.join(root, 'public/media');
const sceneCount = 8;

const icon = {
  letter:
    '<svg viewBox="0 0 120 90"><rect x="6" y="10" width="108" height="72" rx="8" fill="#fff" stroke="#0b5f77" stroke-width="5"/><path d="M8 14 60 52 112 14" fill="none" stroke="#0b5f77" stroke-width="5"/></svg>',
  phone:
    '<svg viewBox="0 0 70 120"><rect x="5" y="5" width="60" height="110" rx="10" fill="#fff" stroke="#0b5f77" stroke-width="5"/><rect x="14" y="20" width="42" height="70" rx="3" fill="#e6f2f5"/><circle cx="35" cy="102" r="5" fill="#0b5f77"/></svg>',
  check:
    '<svg viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="#1d6f42"/><path d="M28 52 44 67 74 35" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  card: '<svg viewBox="0 0 120 80"><rect x="4" y="4" width="112" height="72" rx="9" fill="#0b5f77"/><rect x="4" y="18" width="112" height="12" fill="#073f50"/><rect x="14" y="50" width="40" height="8" rx="3" fill="#e6f2f5"/></svg>',
  bolt: '<svg viewBox="0 0 80 100"><path d="M46 4 10 58h26l-6 38 40-58H44z" fill="#c9821b"/></svg>',
  bank: '<svg viewBox="0 0 120 100"><path d="M60 6 112 32H8z" fill="#0b5f77"/><g fill="#0b5f77"><rect x="18" y="38" width="12" height="40"/><rect x="44" y="38" width="12" height="40"/><rect x="70" y="38" width="12" height="40"/><rect x="94" y="38" width="12" height="40"/><rect x="8" y="82" width="104" height="12"/></g></svg>',
  calendar:
    '<svg viewBox="0 0 120 110"><rect x="6" y="14" width="108" height="90" rx="8" fill="#fff" stroke="#0b5f77" stroke-width="5"/><rect x="6" y="14" width="108" height="22" rx="8" fill="#0b5f77"/><g fill="#e6f2f5" stroke="#0b5f77" stroke-width="2"><rect x="18" y="46" width="20" height="18"/><rect x="50" y="46" width="20" height="18"/><rect x="82" y="46" width="20" height="18"/><rect x="18" y="74" width="20" height="18"/><rect x="50" y="74" width="20" height="18"/></g></svg>',
  receipt:
    '<svg viewBox="0 0 90 120"><path d="M8 6h74v108l-12-8-12 8-12-8-12 8-12-8-14 8z" fill="#fff" stroke="#0b5f77" stroke-width="5" stroke-linejoin="round"/><g stroke="#4a5563" stroke-width="5" stroke-linecap="round"><path d="M22 32h46M22 50h46M22 68h30"/></g></svg>',
  chat: '<svg viewBox="0 0 130 100"><path d="M10 10h92a8 8 0 0 1 8 8v46a8 8 0 0 1-8 8H46L22 92V72H10a8 8 0 0 1-8-8V18a8 8 0 0 1 8-8z" fill="#e6f2f5" stroke="#0b5f77" stroke-width="5"/><g fill="#0b5f77"><circle cx="36" cy="41" r="6"/><circle cx="56" cy="41" r="6"/><circle cx="76" cy="41" r="6"/></g></svg>',
  clock:
    '<svg viewBox="0 0 100 100"><circle cx="50" cy="50" r="42" fill="#fff" stroke="#0b5f77" stroke-width="6"/><path d="M50 24v28l18 12" fill="none" stroke="#0b5f77" stroke-width="6" stroke-linecap="round"/></svg>',
};

const bars = `<div class="bars"><div style="--h:62%;--c:#0b5f77"></div><div style="--h:12%;--c:#c9821b"></div><div style="--h:26%;--c:#4a5563"></div></div>`;
const scenes = [
  `<div class="row">${icon.letter}<span class="arrow">→</span>${icon.phone}</div>`,
  `<div class="row">${bars}</div>`,
  `<div class="row list"><div>${icon.receipt}</div><div class="lines"><i></i><i></i><i></i><i></i></div></div>`,
  `<div class="row">${icon.card}${icon.bolt}${icon.bank}</div>`,
  `<div class="row">${icon.calendar}<div class="steps"><b></b><b></b><b></b><b></b></div></div>`,
  `<div class="row">${icon.receipt}${icon.check}</div>`,
  `<div class="row">${icon.chat}${icon.phone}</div>`,
  `<div class="row">${icon.clock}${icon.check}</div>`,
];

const html = `<!doctype html><html><head><style>
  html,body{margin:0;height:100%;background:#f4f6f8;overflow:hidden}
  .scene{position:absolute;inset:0;display:grid;place-items:center;opacity:0;transition:opacity .6s ease}
  .scene.on{opacity:1}
  .row{display:flex;align-items:center;gap:56px}
  .row svg{width:170px;height:auto;animation:rise 1s ease both}
  .row svg:nth-child(2){animation-delay:.5s}.row svg:nth-child(3){animation-delay:1s}
  .arrow{font:700 80px system-ui;color:#c9821b}
  .bars{display:flex;align-items:flex-end;gap:24px;height:300px}
  .bars div{width:110px;height:var(--h);background:var(--c);border-radius:10px 10px 0 0;animation:grow 1.4s ease both}
  .bars div:nth-child(2){animation-delay:.5s}.bars div:nth-child(3){animation-delay:1s}
  .lines{display:grid;gap:22px}.lines i{display:block;width:320px;height:22px;border-radius:11px;background:#cfd6de;animation:rise .8s ease both}
  .lines i:nth-child(2){animation-delay:.4s}.lines i:nth-child(3){animation-delay:.8s}.lines i:nth-child(4){animation-delay:1.2s;width:200px}
  .steps{display:flex;gap:18px}.steps b{width:60px;height:60px;border-radius:50%;background:#0b5f77;animation:rise .8s ease both}
  .steps b:nth-child(2){animation-delay:.5s}.steps b:nth-child(3){animation-delay:1s}.steps b:nth-child(4){animation-delay:1.5s}
  @keyframes rise{from{opacity:0;transform:translateY(24px)}}
  @keyframes grow{from{height:0}}
  .progress{position:absolute;left:0;bottom:0;height:8px;background:#0b5f77;width:0}
</style></head><body>
${scenes.map((s, i) => `<section class="scene" id="s${i}">${s}</section>`).join('')}
<div class="progress" id="p"></div>
<script>
  const total = ${sceneCount * sceneSeconds};
  const start = performance.now();
  function tick(){
    const t = (performance.now() - start) / 1000;
    const i = Math.min(${sceneCount - 1}, Math.floor(t / ${sceneSeconds}));
    document.querySelectorAll('.scene').forEach((el, n) => el.classList.toggle('on', n === i));
    document.getElementById('p').style.width = Math.min(100, t / total * 100) + '%';
    if (t < total + 1) requestAnimationFrame(tick); else document.title = 'done';
  }
  requestAnimationFrame(tick);
</script></body></html>`;

await mkdir(media, { recursive: true });

// Captions first: they are cheap and always in step with the locales.
for (const language of process.argv.includes('--video-only') ? [] : languages) {
  const locale = JSON.parse(await readFile(path.join(root, 'locales', language, 'claimInfo.json'), 'utf8')) as {
    video: { transcript: string[] };
  };
  if (locale.video.transcript.length !== sceneCount)
    throw new Error(`${language}: the transcript needs ${sceneCount} lines`);
  await writeFile(path.join(media, `explainer.${language}.vtt`), captionsFor(locale.video.transcript));
}

if (process.argv.includes('--captions-only')) process.exit(0);

const recordings = path.join(root, '.cache/explainer');
await rm(recordings, { recursive: true, force: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext({
  viewport: { width: 960, height: 540 },
  recordVideo: { dir: recordings, size: { width: 960, height: 540 } },
});
const page = await context.newPage();
await page.setContent(html);
await page.waitForFunction(() => document.title === 'done', undefined, {
  timeout: (sceneCount * sceneSeconds + 30) * 1000,
});
const video = page.video();
await context.close();
await browser.close();
await rename(await video!.path(), path.join(media, 'explainer.webm'));
await rm(recordings, { recursive: true, force: true });
console.log('public/media/explainer.webm and captions written');
