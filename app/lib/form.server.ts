import {
  BodyRefused,
  bodyLimitFor,
  declaredLengthExceeds,
  mediaTypeOf,
  readBodyText,
  urlEncodedFields,
  type RequestRefusal,
} from '#server/http/request-body.ts';
import { readMultipart, type MultipartHandlers } from '#server/uploads/multipart.ts';

/**
 * The one way an action reads its form (the Request's own `formData()` is never called in app/, see
 * tests/routes/hostile-input.test.ts). Url-encoded and multipart bodies are read while they
 * stream, within the limits of server/http/request-body.ts; their fields are counted before
 * anything parses them (at most 200, one name at most 20 times); multipart files go to `handlers`
 * (the upload module) and never into the form data. Whatever is wrong with the body (not a form,
 * broken multipart, a text field over 64 KiB, too many fields, too large) is thrown as a 400 or 413 response
 * that the page's error boundary shows in the debtor's language.
 */
export async function readForm(request: Request, handlers?: MultipartHandlers): Promise<FormData> {
  try {
    return await formBody(request, handlers);
  } catch (error) {
    if (error instanceof BodyRefused) throw refusedResponse(error.reason, error.status);
    throw error;
  }
}

async function formBody(request: Request, handlers: MultipartHandlers | undefined): Promise<FormData> {
  const contentType = request.headers.get('Content-Type');
  const type = mediaTypeOf(contentType);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') throw new BodyRefused('notAForm');
  const limit = bodyLimitFor(contentType);
  if (declaredLengthExceeds(request.headers.get('Content-Length'), limit)) throw new BodyRefused('tooLarge');
  const form = new FormData();
  const fields =
    type === 'multipart/form-data'
      ? await readMultipart({ contentType: contentType!, body: request.body, maxBodyBytes: limit }, handlers)
      : urlEncodedFields(await readBodyText(request, limit));
  // NUL is never part of what a person types, and PostgreSQL refuses it in text columns: it is
  // dropped here, once for every form, instead of failing an insert later (issue 18, hostile input).
  for (const [name, value] of fields) form.append(withoutNul(name), withoutNul(value));
  return form;
}

function withoutNul(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
}

/**
 * A refusal as Remix shows it: thrown from a loader or action, it renders the root error
 * boundary (RouteErrorBoundary) with this status; it reads the reason from the JSON body.
 */
export function refusedResponse(reason: RequestRefusal, status: number): Response {
  return Response.json({ refused: reason } satisfies RefusedData, { status, headers: { 'Cache-Control': 'no-store' } });
}

export type RefusedData = { refused: RequestRefusal };
