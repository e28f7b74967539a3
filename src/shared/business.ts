/**
 * The commercial figures the product states (part 2 §1), in one place: the help centre, the footer and
 * the contact page show these, and the money rules will charge them.
 */
export const BUSINESS = {
  /** platform service fee, percent of the deal amount */
  platformFeePercent: 10,
  /** automatic settlement after a live session without dispute, hours */
  settlementHours: 24,
  /** payout after a withdrawal request, working days */
  payoutWorkingDays: { min: 3, max: 5 },
  /** the smallest payout by default (系统设置 changes it), cents */
  payoutMinCents: 1000,
  /** certification review, working days */
  reviewWorkingDays: { min: 1, max: 3 },
  /** dispute intervention, hours */
  disputeHours: 24,
  /** contact replies, hours */
  contactReplyHours: 24,
  /** office hours (China Standard Time) */
  officeHours: { weekdays: { from: '9:00', to: '18:00' }, saturday: { from: '10:00', to: '16:00' } },
  satisfactionPercent: 99.8,
} as const;

/** The figures as i18n interpolation values. */
export const businessValues = {
  fee: BUSINESS.platformFeePercent,
  settlement: BUSINESS.settlementHours,
  payoutMin: BUSINESS.payoutWorkingDays.min,
  payoutMax: BUSINESS.payoutWorkingDays.max,
  reviewMin: BUSINESS.reviewWorkingDays.min,
  reviewMax: BUSINESS.reviewWorkingDays.max,
  dispute: BUSINESS.disputeHours,
  reply: BUSINESS.contactReplyHours,
  weekdayFrom: BUSINESS.officeHours.weekdays.from,
  weekdayTo: BUSINESS.officeHours.weekdays.to,
  saturdayFrom: BUSINESS.officeHours.saturday.from,
  saturdayTo: BUSINESS.officeHours.saturday.to,
  satisfaction: BUSINESS.satisfactionPercent,
};
