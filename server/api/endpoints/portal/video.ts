/** The Portal calls of the explanation video, where the file shows it. */
import { z } from 'zod';
import { loadDashboardAndFacts } from '../../../claims/dashboard.ts';
import { languages } from '../../../i18n/languages.ts';
import { apiOk, defineEndpoint, problem } from '../../define.ts';
import { sessionOf } from '../forderung.ts';

export const videoCalls = {
  GetVideoUrl: defineEndpoint({
    group: 'Portal',
    name: 'GetVideoUrl',
    method: 'GET',
    path: '/api/Portal/GetVideoUrl/{id}',
    auth: 'limited',
    cache: 'private15',
    summary: 'The explanation video (id "explainer") with its captions, where the file shows it.',
    params: z.object({ id: z.string().max(40) }),
    response: z.object({
      id: z.string(),
      url: z.string(),
      mediaType: z.string(),
      poster: z.string(),
      captions: z.array(z.object({ language: z.enum(languages), url: z.string() })),
    }),
    async handler({ params }, ctx) {
      const loaded = await loadDashboardAndFacts(ctx.action.db, sessionOf(ctx).fileId);
      if (!loaded) return problem(404, 'noFile');
      // One video, the portal's own file (public/media): no third-party player and no other ids.
      if (params.id !== 'explainer' || !loaded.view.hasVideo) return problem(404, 'notInFile');
      return apiOk({
        id: 'explainer',
        url: '/media/explainer.webm',
        mediaType: 'video/webm',
        poster: '/media/explainer-poster.svg',
        captions: languages.map((language) => ({ language, url: `/media/explainer.${language}.vtt` })),
      });
    },
  }),
  IsVideoAllowed: defineEndpoint({
    group: 'Portal',
    name: 'IsVideoAllowed',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'Whether the file shows the explanation video.',
    response: z.object({ allowed: z.boolean() }),
    async handler(_input, ctx) {
      const loaded = await loadDashboardAndFacts(ctx.action.db, sessionOf(ctx).fileId);
      return loaded ? apiOk({ allowed: loaded.view.hasVideo }) : problem(404, 'noFile');
    },
  }),
};
