/** How an assistant turn ended (the intent log's `outcome`); no imports, so pages may use the list too. */
export const turnOutcomes = [
  'answered',
  'clarified',
  'linkOffered',
  'linkFollowed',
  'formCompleted',
  'abandoned',
  'stepUpAsked',
  'refused',
  'handedToPerson',
] as const;

export type TurnOutcome = (typeof turnOutcomes)[number];
