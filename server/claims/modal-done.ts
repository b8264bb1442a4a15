/**
 * The messages shown on the dashboard after a successful modal answer (?done=…). A module of its
 * own without zod: the dashboard's browser code reads it, and the form schemas in
 * modal-forms.ts are fetched only with the modals (issue 16).
 */
export const modalDoneMessages = ['emailStored', 'emailAlreadyOnFile', 'offerDeclined'] as const;
export type ModalDone = (typeof modalDoneMessages)[number];
