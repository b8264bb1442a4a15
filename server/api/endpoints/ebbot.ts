/**
 * Spec section 7, the chatbot call (issue 17): the partner chatbot tells the portal which
 * conversation belongs to the signed-in debtor. In this portal the conversation is the assistant's
 * (server/assistant/conversations.ts, decision 039), reached only by its id and only from the
 * session that started it.
 */
import { z } from 'zod';
import { attachConversation } from '../../assistant/conversations.ts';
import { loadDashboardAndFacts } from '../../claims/dashboard.ts';
import { apiOk, defineEndpoint, problem, type AnyEndpoint } from '../define.ts';

const setEbbotUserInformation = defineEndpoint({
  group: 'ebbot',
  name: 'SetEbbotUserInformation',
  method: 'POST',
  auth: 'limited',
  cache: 'none',
  summary:
    "Bind the assistant conversation `chatId` to the token's session (a visitor's conversation is taken over; another session's conversation is never reached: 404) and answer what the chatbot may know of the user.",
  query: z.object({ chatId: z.string().regex(/^[0-9a-f]{32}$/) }),
  response: z.object({
    chatId: z.string(),
    reference: z.string(),
    level: z.enum(['limited', 'full']),
    language: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  handler: async ({ query }, ctx) => {
    const session = ctx.session!;
    if (!(await attachConversation(ctx.action.db, query.chatId, session.idHash))) return problem(404, 'chatNotFound');
    const loaded = await loadDashboardAndFacts(ctx.action.db, session.fileId);
    if (!loaded) return problem(404, 'noFile');
    return apiOk({
      chatId: query.chatId,
      reference: loaded.view.reference,
      level: session.level,
      language: ctx.language,
      firstName: loaded.view.debtor.firstName,
      lastName: loaded.view.debtor.lastName,
    });
  },
});

export const ebbotEndpoints: AnyEndpoint[] = [setEbbotUserInformation] as unknown as AnyEndpoint[];
