import { dashboard } from './actions.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';

/**
 * Who writes and why (who_we_are): the agency's brand and legal entity from the variant's legal
 * notice, and for a signed-in debtor the creditor, the original creditor and what the claim is
 * for, from the dashboard's view; how to check the letter is genuine: the legal notice, the
 * reference on the letter, the official phone number.
 */
export default intentTool(
  'who_we_are',
  'Who the agency is (brand and legal entity), who the creditor and original creditor are, why the agency writes, how to check the letter is genuine.',
  async (ctx) => {
    const legal = ctx.variant.legal;
    const view = await dashboard(ctx);
    return {
      kind: 'whoWeAre',
      intent: 'who_we_are',
      brand: ctx.variant.brand.name,
      legalName: legal.name,
      legalAddress: `${legal.street}, ${legal.postalCode} ${legal.city}`,
      register: legal.register,
      file: view
        ? {
            reference: view.reference,
            creditor: view.creditor.name,
            originalCreditor: view.originalCreditor,
            subject: view.claimSubject,
          }
        : null,
      phone: ctx.variant.support.phone,
      href: linkOf('who_we_are')!,
    };
  },
);
