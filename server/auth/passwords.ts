import { argon2id, hash, verify } from 'argon2';

/**
 * Portal passwords are hashed with argon2id. The library's defaults (64 MiB, 3 passes) meet the
 * OWASP recommendation; `fast` lowers the cost for test fixtures only.
 */
export async function hashPassword(password: string, options: { fast?: boolean } = {}): Promise<string> {
  return options.fast
    ? hash(password, { type: argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 })
    : hash(password, { type: argon2id });
}

export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
