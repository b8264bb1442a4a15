// Shared test setup: a fixed secret so that keyed hashes are stable, quiet logs.
process.env.SESSION_SECRET ??= 'test-secret-0123456789-0123456789-0123456789';
process.env.LOG_LEVEL ??= 'silent';
// A small proof-of-work space: tests solve real challenges, but quickly.
process.env.CAPTCHA_MAX_NUMBER ??= '2000';
// No growth after failed sign-ins unless a test turns it on (server/auth/captcha.test.ts, the sign-in route's).
process.env.CAPTCHA_HARDEST_NUMBER ??= '2000';
