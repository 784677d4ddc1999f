import type { ThrottlePolicy } from "./throttle";

// The OAuth grants of POST /tokens share their settings: password-grant.ts (signing in) and
// client-credentials-grant.ts (a token for the caller, or impersonation below it).

export type GrantSettings = { ttlSeconds: number; throttle: ThrottlePolicy };

/** The grant settings of a configuration: token lifetime and sign-in throttling. */
export const grantSettingsOf = (cfg: {
  tokenTtlSeconds: number;
  loginMaxFailures: number;
  loginLockSeconds: number;
}): GrantSettings => ({
  ttlSeconds: cfg.tokenTtlSeconds,
  throttle: { maxFailures: cfg.loginMaxFailures, lockSeconds: cfg.loginLockSeconds },
});
