import { AGENCY_SHARE_MAX_BPS } from '@shared/schemas/agencies';

/**
 * A share as typed (a text field: a number field would round 12.5 to 13 and clamp 71 to 70, issue 40): a whole
 * percent 0–70 as basis points, anything else null (the form says AGENCY_SHARE_INVALID and sends nothing).
 */
export function shareInputToBps(typed: string): number | null {
  const t = typed.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const whole = Number(t);
  return whole <= AGENCY_SHARE_MAX_BPS / 100 ? whole * 100 : null;
}
