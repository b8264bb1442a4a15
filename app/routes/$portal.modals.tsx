import { type ActionFunctionArgs } from '@remix-run/node';
import { requireDebtor } from '~/lib/auth.server';
import { handleModalAnswer } from '~/lib/modals.server';
import { pageContext, safeReturnPath } from '~/lib/route-helpers.server';
import { readForm } from '~/lib/form.server';

/**
 * Resource route for the answers to the modals of section 2.4 (no screen of its own): a form or
 * a fetcher posts `intent` and `modal` (and `email`, `returnTo`). Success redirects back (to
 * `returnTo` inside the variant, default the dashboard) or into paying an accepted offer; a bad
 * e-mail address is a 400 with field errors, another file's modal a 403. The dashboard posts
 * its modal forms to its own action, which calls the same handler, so that a refused e-mail
 * address is shown next to its field even without JavaScript.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'modals');
  const session = await requireDebtor(request, variant);
  const formData = await readForm(request);
  const returnTo = safeReturnPath(formData.get('returnTo'), '/dashboard');
  const answer = await handleModalAnswer({
    request,
    formData,
    variant,
    session,
    clientAddress: context.clientAddress,
    language,
    returnTo,
  });
  // A resource route must answer a Response: Remix would send `data()` as JSON with status 200,
  // hiding the refusal's own status (400, 403, 409, 503).
  return 'data' in answer ? Response.json(answer.data, answer.init ?? undefined) : answer;
}
