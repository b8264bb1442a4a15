import { env } from '../env.ts';
import { defaultVariantId, variants, type VariantId } from '../variants/config.ts';

/** The agency's inbox for messages, callbacks and announced payments of a variant. */
export function agencyAddress(variantId: string, configured = env().AGENCY_MAIL_TO): string {
  return configured ?? (variants[variantId as VariantId] ?? variants[defaultVariantId]).support.email;
}
