/** Business constants and limits (spec part 1 §9, part 2 §9, DESIGN.md "where we differ"). */
export const LIMITS = {
  emailCodeLength: 6,
  smsCodeLength: 4,
  phoneLength: 11,
  passwordMin: 6,
  emailCodeTtlSeconds: 10 * 60,
  smsCodeTtlSeconds: 5 * 60,
  codeMaxAttempts: 5,
  codeResendCooldownSeconds: 60,
  /** how long a verified sign-up email stays usable for completing the sign-up */
  signupVerifiedTtlSeconds: 30 * 60,
  portfolioMaxFiles: 3,
  portfolioMaxBytes: 50 * 1024 * 1024,
  imageTestMaxBytes: 10 * 1024 * 1024,
  avatarMaxBytes: 10 * 1024 * 1024,
  homeLatestVideos: 4,
  /** a message to an influencer / in a conversation, in characters */
  contactMessageMax: 2000,
  /** similar influencers on an influencer's page (part 2 §9) */
  similarInfluencers: 3,
  logoutBusyMs: 1000,
  profileRedirectMs: 2000,
  sessionTtlDays: 30,
  loadingTimeoutMs: 10_000,
  platformFeePercent: 10,
} as const;

export const PHONE_RE = /^1[3-9]\d{9}$/;
