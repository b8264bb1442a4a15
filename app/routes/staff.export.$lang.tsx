import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLang } from '../../intents/catalogue.ts';
import { auditExportForPage, correctionLinesForPage, toJsonLines } from '#server/staff/review.ts';
import { requireStaff } from '~/lib/staff.server';

/** The corrected entries of one language as intents/corrections/<lang>.jsonl (a download). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const language = params.lang;
  if (!isLang(language)) throw new Response('Not Found', { status: 404 });
  const lines = await correctionLinesForPage(language);
  await auditExportForPage(staff.staffId, lines.length);
  const body = toJsonLines(lines);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/jsonl; charset=utf-8',
      'Content-Disposition': `attachment; filename="${language}.jsonl"`,
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    },
  });
}
