/**
 * The API's reference page (/api/docs): rendered on the server from the same OpenAPI document as
 * /api/openapi.json, in the portal's colours and type, with its own stylesheet on this host
 * (/api/docs.css): no script, no CDN, readable offline and without JavaScript. Its headings are
 * in the `hl` language; the calls' descriptions are the document's (English).
 */
import type { Language } from '../i18n/languages.ts';
import { escapeHtml } from '../mail/format.ts';
import { problemMessage, translate } from './messages.ts';
import { errorCodes, openApiDocument } from './openapi.ts';

type Operation = {
  operationId: string;
  tags: string[];
  description: string;
  'x-auth-level': string;
  'x-cache': string;
  parameters?: Array<{ in: string; name: string; required?: boolean; description?: string; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const t = (key: string, language: Language) => translate(`api:docs.${key}`, language);

function schemaBlock(schema: unknown): string {
  return `<pre class="schema"><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`;
}

export function renderDocsPage(language: Language): string {
  const document = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
  const groups = new Map<string, Array<{ method: string; path: string; op: Operation }>>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) {
      const group = op.tags[0] ?? '';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)!.push({ method: method.toUpperCase(), path, op });
    }

  const nav = [...groups.keys()].map((g) => `<li><a href="#group-${escapeHtml(g)}">${escapeHtml(g)}</a></li>`).join('');
  const sections = [...groups.entries()]
    .map(([group, ops]) => {
      const items = ops
        .map(({ method, path, op }) => {
          const params = (op.parameters ?? [])
            .map(
              (p) =>
                `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? '✓' : ''}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
            )
            .join('');
          const body = op.requestBody
            ? Object.entries(op.requestBody.content)
                .map(
                  ([type, c]) =>
                    `<h4>${t('body', language)} <code>${escapeHtml(type)}</code></h4>${schemaBlock(c.schema)}`,
                )
                .join('')
            : '';
          const ok = op.responses['200']?.content?.['application/json']?.schema;
          const problems = Object.keys(op.responses)
            .filter((s) => s !== '200')
            .join(', ');
          return `<article class="call" id="${escapeHtml(op.operationId)}">
  <h3><span class="method method-${method.toLowerCase()}">${method}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(op.description).replace(/\n\n/g, '</p><p>')}</p>
  <dl><dt>${t('auth', language)}</dt><dd>${escapeHtml(op['x-auth-level'])}</dd><dt>${t('cache', language)}</dt><dd>${escapeHtml(op['x-cache'])}</dd><dt>${t('problems', language)}</dt><dd>${escapeHtml(problems)}</dd></dl>
  ${params ? `<table><thead><tr><th>${t('parameter', language)}</th><th>${t('in', language)}</th><th>${t('required', language)}</th><th></th></tr></thead><tbody>${params}</tbody></table>` : ''}
  ${body}
  ${ok ? `<h4>${t('answer', language)}</h4>${schemaBlock(ok)}` : ''}
</article>`;
        })
        .join('\n');
      return `<section id="group-${escapeHtml(group)}"><h2>${escapeHtml(group)}</h2>${items}</section>`;
    })
    .join('\n');
  const codes = errorCodes()
    .map(
      (code) =>
        `<tr id="error-${escapeHtml(code)}"><td><code>${escapeHtml(code)}</code></td><td>${escapeHtml(problemMessage(code, language, { minutes: 15 }))}</td></tr>`,
    )
    .join('');

  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title', language)}</title>
<link rel="stylesheet" href="/api/docs.css">
</head>
<body>
<header class="bar"><div class="wrap"><strong>${t('title', language)}</strong> <a href="/api/openapi.json">openapi.json</a></div></header>
<main class="wrap">
<h1>${t('title', language)}</h1>
<p class="lead">${t('intro', language)}</p>
<h2>${t('howTitle', language)}</h2>
<ol>
<li>${t('howSignIn', language)}</li>
<li>${t('howBearer', language)}</li>
<li>${t('howErrors', language)}</li>
</ol>
<nav aria-label="${t('groups', language)}"><ul class="groups">${nav}<li><a href="#errors">${t('errors', language)}</a></li></ul></nav>
${sections}
<section id="errors"><h2>${t('errors', language)}</h2><table><thead><tr><th>code</th><th>${t('message', language)}</th></tr></thead><tbody>${codes}</tbody></table></section>
</main>
</body>
</html>`;
}

/** The page's stylesheet: the portal's colours and type (app/styles/app.css), on this host. */
export const docsStylesheet = `:root{--brand:#0b5f77;--brand-dark:#073f50;--brand-tint:#e6f2f5;--ink:#1b242e;--ink-muted:#4a5563;--line:#cfd6de;--bg:#f4f6f8;--surface:#fff;--focus:#ffbf47;--font:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}
*{box-sizing:border-box}body{margin:0;font-family:var(--font);font-size:1.0625rem;line-height:1.6;color:var(--ink);background:var(--bg)}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}.bar{background:var(--brand);color:#fff;padding:.75rem 0}.bar a{color:#fff;margin-left:1rem}
h1{font-size:clamp(1.45rem,1.2rem + 1vw,1.85rem)}h2{border-bottom:2px solid var(--brand);padding-bottom:.25rem;margin-top:2.5rem}
a{color:var(--brand)}a:focus-visible{outline:3px solid var(--focus);outline-offset:2px}.lead{color:var(--ink-muted)}
.groups{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}.groups a{display:inline-block;padding:.25rem .75rem;border:1px solid var(--line);border-radius:999px;background:var(--surface);text-decoration:none}
.call{background:var(--surface);border:1px solid var(--line);border-radius:10px;padding:1rem 1.25rem;margin:1rem 0}
.call h3{margin:0 0 .5rem;font-size:1.1rem;word-break:break-all}.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:6px;padding:0 .4rem;color:#fff;background:var(--brand);font-size:.9rem}
.method-get{background:#1d6f42}dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;font-size:.9375rem}dt{color:var(--ink-muted)}dd{margin:0}
table{border-collapse:collapse;width:100%;font-size:.9375rem;background:var(--surface)}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
.schema{background:var(--brand-tint);border-radius:6px;padding:.75rem;overflow:auto;max-height:24rem;font-size:.85rem}
`;
