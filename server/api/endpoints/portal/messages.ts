/** The Portal calls of messages to the agency: the subjects in a language, and a message with attachments (multipart). */
import { z } from 'zod';
import { runAction } from '../../../actions/run.ts';
import { loadDashboardAndFacts } from '../../../claims/dashboard.ts';
import { maxMessageLength, subjectIds } from '../../../contact/schema.ts';
import { languages } from '../../../i18n/languages.ts';
import { serverTranslator } from '../../../i18n/translate.ts';
import { apiOk, defineEndpoint, problem, problemFromAction, renameIssues } from '../../define.ts';
import { receiveApiAttachments } from '../../uploads.ts';
import { sessionOf } from '../forderung.ts';

/** A boolean as JSON sends it, or as a multipart field ("true"/"false"). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const nachrichtBody = z.object({
  /** The subject's label as the client shows it; the code in SubjectId decides. */
  Subject: z.string().max(200).optional(),
  SubSubject: z.string().max(120).optional(),
  SubjectId: z.coerce.number().int(),
  Message: z.string().max(maxMessageLength + 100),
  /** When given, the token's file: a message is never written into another file. */
  Refno: z.string().max(20).optional(),
  Subcase: z.coerce.number().int().positive().optional(),
  Mail: z.string().max(254).optional(),
  IsChatbotMessage: flag.optional(),
});

const nachrichtNames: Record<string, string> = {
  subjectId: 'SubjectId',
  subSubject: 'SubSubject',
  body: 'Message',
  email: 'Mail',
  phone: 'Mail',
  uploadId: 'Attachments',
};

export const messagesCalls = {
  SendNachricht: defineEndpoint({
    group: 'Portal',
    name: 'SendNachricht',
    method: 'POST',
    auth: 'full',
    cache: 'none',
    bodyType: 'multipart',
    summary:
      'Write to the agency (multipart): subject code, message, reply address, attachments (JPG, PNG, PDF, TIF; 10 MB each and together).',
    body: nachrichtBody,
    response: z.object({ id: z.number().int(), attachments: z.number().int() }),
    async handler({ body, files }, ctx) {
      const session = sessionOf(ctx);
      const db = ctx.action.db;
      // A reference named in the body must be the token's own file: another file is not found.
      if (body.Refno !== undefined) {
        const view = await loadDashboardAndFacts(db, session.fileId);
        const own = view ? view.facts.refno === body.Refno && (body.Subcase ?? 1) === view.facts.subcase : false;
        if (!own) return problem(404, 'noFile');
      }
      const received = await receiveApiAttachments(
        ctx,
        files.filter((f) => f.field === 'Attachments'),
        { field: 'Attachments', context: 'message' },
      );
      if (!received.ok) return received.problem;
      const { uploadIds } = received;
      // A message written in a chatbot is marked as the assistant's messages are (messages.from_assistant).
      const door = body.IsChatbotMessage ? ('assistant' as const) : ctx.action.door;
      const result = await runAction(
        'sendMessage',
        { ...ctx.action, door },
        {
          subjectId: body.SubjectId,
          subSubject: body.SubSubject,
          body: body.Message,
          email: body.Mail,
          uploadId: uploadIds,
        },
      );
      if (!result.ok) return renameIssues(problemFromAction(result), nachrichtNames);
      return apiOk({ id: result.value.id, attachments: uploadIds.length }, 201);
    },
  }),
  GetSupportSubjects: defineEndpoint({
    group: 'Portal',
    name: 'GetSupportSubjects',
    method: 'GET',
    path: '/api/Portal/GetSupportSubjects/{language}',
    auth: 'none',
    cache: 'public15',
    summary: 'The subjects of a message (spec section 3 codes) with their labels in a language.',
    params: z.object({ language: z.enum(languages) }),
    response: z.object({ subjects: z.array(z.object({ id: z.number().int(), label: z.string() })) }),
    async handler({ params }) {
      const t = serverTranslator(params.language, 'contact');
      return apiOk({ subjects: subjectIds.map((id) => ({ id, label: t(`subjects.${id}`) })) });
    },
  }),
};
