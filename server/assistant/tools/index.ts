/**
 * The assistant's tools: one per intent of the catalogue (one file each) and the clarifying
 * question, bound to one turn's context. The embedded engine and a language model get the same set.
 */
import { isIntentId, type IntentId } from '../../../intents/catalogue.ts';
import claimBalance from './claim-balance.ts';
import claimOrigin from './claim-origin.ts';
import payNow from './pay-now.ts';
import payInstalments from './pay-instalments.ts';
import payLater from './pay-later.ts';
import payPartial from './pay-partial.ts';
import alreadyPaid from './already-paid.ts';
import skipInstalment from './skip-instalment.ts';
import instalmentPlan from './instalment-plan.ts';
import callback from './callback.ts';
import sendMessage from './send-message.ts';
import reportBug from './report-bug.ts';
import suggestImprovement from './suggest-improvement.ts';
import disputeCosts from './dispute-costs.ts';
import goodsNotReceived from './goods-not-received.ts';
import goodsReturned from './goods-returned.ts';
import identityTheft from './identity-theft.ts';
import thirdPartyMandate from './third-party-mandate.ts';
import uploadDocuments from './upload-documents.ts';
import updateProfile from './update-profile.ts';
import changePassword from './change-password.ts';
import noticeOfCompletion from './notice-of-completion.ts';
import consequences from './consequences.ts';
import privacy from './privacy.ts';
import humanAgent from './human-agent.ts';
import feedback from './feedback.ts';
import greeting from './greeting.ts';
import thanksGoodbye from './thanks-goodbye.ts';
import logout from './logout.ts';
import outOfScope from './out-of-scope.ts';
import hardship from './hardship.ts';
import explainCosts from './explain-costs.ts';
import whoWeAre from './who-we-are.ts';
import abuse from './abuse.ts';
import clarify from './clarify.ts';
import { affirmTool, denyTool, endConversationTool } from './dialogue.ts';
import type { ToolResult } from './results.ts';
import type { ToolContext } from './context.ts';

export function createTools(ctx: ToolContext) {
  const tools = {
    claim_balance: claimBalance(ctx),
    claim_origin: claimOrigin(ctx),
    pay_now: payNow(ctx),
    pay_instalments: payInstalments(ctx),
    pay_later: payLater(ctx),
    pay_partial: payPartial(ctx),
    already_paid: alreadyPaid(ctx),
    skip_instalment: skipInstalment(ctx),
    instalment_plan: instalmentPlan(ctx),
    callback: callback(ctx),
    send_message: sendMessage(ctx),
    report_bug: reportBug(ctx),
    suggest_improvement: suggestImprovement(ctx),
    dispute_costs: disputeCosts(ctx),
    goods_not_received: goodsNotReceived(ctx),
    goods_returned: goodsReturned(ctx),
    identity_theft: identityTheft(ctx),
    third_party_mandate: thirdPartyMandate(ctx),
    upload_documents: uploadDocuments(ctx),
    update_profile: updateProfile(ctx),
    change_password: changePassword(ctx),
    notice_of_completion: noticeOfCompletion(ctx),
    consequences: consequences(ctx),
    privacy: privacy(ctx),
    human_agent: humanAgent(ctx),
    feedback: feedback(ctx),
    greeting: greeting(ctx),
    thanks_goodbye: thanksGoodbye(ctx),
    logout: logout(ctx),
    out_of_scope: outOfScope(ctx),
    hardship: hardship(ctx),
    explain_costs: explainCosts(ctx),
    who_we_are: whoWeAre(ctx),
    abuse: abuse(ctx),
    clarify: clarify(),
  };
  // "ok" runs the last proposal's own tool again, with its slots (decision 070).
  const run = async (intent: IntentId, slots: Record<string, unknown>): Promise<ToolResult> => {
    const own = isIntentId(intent) && intent !== 'affirm' && intent !== 'deny' ? tools[intent] : null;
    if (!own?.execute) return { kind: 'clarify', alternatives: [] };
    return (await own.execute(slots as never, { toolCallId: `affirm-${intent}`, messages: [] })) as ToolResult;
  };
  const all = {
    ...tools,
    affirm: affirmTool(ctx, run),
    deny: denyTool(ctx),
  } satisfies Record<IntentId | 'clarify', unknown>;
  return { ...all, end_conversation: endConversationTool() };
}

export type AssistantTools = ReturnType<typeof createTools>;
export type { ToolContext } from './context.ts';
export type { ToolResult, Alternative, RefusalReason } from './results.ts';
