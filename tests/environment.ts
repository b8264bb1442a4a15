// The environment every test process starts from: a fixed secret so that keyed hashes are
// stable, quiet logs, a small proof-of-work space (tests solve real challenges, but quickly).
// Nothing here comes from the shell that started the tests when it could reach a real
// deployment's data: no DATABASE_URL, REDIS_URL or storage settings (a test sets its own).
process.env.SESSION_SECRET ??= 'test-secret-0123456789-0123456789-0123456789';
process.env.LOG_LEVEL ??= 'silent';
process.env.CAPTCHA_MAX_NUMBER ??= '2000';
// No growth after failed sign-ins unless a test turns it on (server/auth/captcha.test.ts, the sign-in route's).
process.env.CAPTCHA_HARDEST_NUMBER ??= '2000';
for (const name of ['DATABASE_URL', 'REDIS_URL', 'FILE_STORAGE_DIR', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_PREFIX']) {
  delete process.env[name];
}
process.env.FILE_STORAGE = 'folder';
