/** The badge classes of a claim's status tone (server/claims/rules.ts `StatusView`). */
export const toneClass = {
  neutral: 'badge',
  info: 'badge badge--info',
  success: 'badge badge--success',
  warning: 'badge badge--warning',
  danger: 'badge badge--danger',
} as const;
