/**
 * Every reason a tool's refusal can carry, for the test that each locale words it: the action
 * layer's (server/actions/reasons.ts) and the tools' own, the latter checked against the type by
 * the compiler (a missing or an extra name does not compile).
 */
import { actionRefusalReasons } from '../../actions/reasons.ts';
import type { RefusalReason, ToolRefusalReason } from './results.ts';

const toolOwn = { rateTooLow: true, rateTooHigh: true, noPlan: true } as const satisfies Record<
  ToolRefusalReason,
  true
>;

export const refusalReasons: RefusalReason[] = [
  ...new Set<RefusalReason>([...actionRefusalReasons, ...(Object.keys(toolOwn) as ToolRefusalReason[])]),
];
