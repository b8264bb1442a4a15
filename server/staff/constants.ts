/** The review desk's fixed lists, shared by the server and the pages (no imports: safe in the browser bundle). */
export const staffRoles = ['reviewer', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const confidenceBands = ['low', 'medium', 'high'] as const;
export type ConfidenceBand = (typeof confidenceBands)[number];
