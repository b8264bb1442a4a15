import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireVariant } from '~/lib/route-helpers.server';

/** The variant's brand colours as CSS custom properties (no inline styles under the CSP). */
export function loader({ params }: LoaderFunctionArgs) {
  const { theme } = requireVariant(params).brand;
  const css = `:root{--brand:${theme.primary};--brand-dark:${theme.primaryDark};--brand-tint:${theme.tint};--accent:${theme.accent};}\n`;
  return new Response(css, {
    headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
