/**
 * The Dockerfile and compose.yaml (issue 18, production run). Docker's daemon is not available
 * where the tests run, so the files are checked as text: the stages exist, the runtime stage has
 * only the runtime dependencies, runs as an unprivileged user and carries no browser; compose
 * starts PostgreSQL and the portal on it with a secret that must be given.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverArguments, serverEnvironment } from '../../scripts/server-command.mjs';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('compose.yaml', 'utf8');

/** The instructions of each stage, comments and continuation lines joined. */
function stages(text: string): Map<string, string[]> {
  const lines = text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      current = [line];
      result.set(from[2] ?? from[1]!, current);
    } else current?.push(line);
  }
  return result;
}

describe('Dockerfile', () => {
  const byStage = stages(dockerfile);
  const names = [...byStage.keys()];
  const runtime = byStage.get(names[names.length - 1]!)!;

  it('has a dependency, a build and a runtime stage, the runtime last', () => {
    expect(names).toEqual(['deps', 'build', 'runtime']);
    expect(byStage.get('build')!.some((l) => /^RUN npm ci\b/.test(l) && !l.includes('--omit=dev'))).toBe(true);
    expect(byStage.get('build')!).toContain('RUN npm run build');
    expect(byStage.get('deps')!.some((l) => /^RUN npm ci --omit=dev\b/.test(l))).toBe(true);
  });

  it('runs as an unprivileged user with the runtime dependencies only and the build', () => {
    const users = runtime.filter((l) => /^USER\s/.test(l));
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(runtime.indexOf(users[0]!)).toBeGreaterThan(runtime.findIndex((l) => /^RUN /.test(l)));
    expect(runtime.some((l) => /^COPY --from=deps .*node_modules/.test(l))).toBe(true);
    expect(runtime.some((l) => /^COPY --from=build .*\/app\/build /.test(l))).toBe(true);
    expect(runtime.some((l) => /^COPY --from=build .*node_modules/.test(l))).toBe(false);
    // The same Node flags as every other start of the compiled server (scripts/server-command.mjs).
    expect(runtime.find((l) => /^CMD /.test(l))).toBe(
      `CMD ${JSON.stringify(['node', ...serverArguments]).replaceAll(',', ', ')}`,
    );
    expect(runtime.some((l) => /^HEALTHCHECK .*\/healthz/.test(l))).toBe(true);
  });

  it('starts the server with the environment every other start gives it', () => {
    const env = runtime.join('\n');
    for (const [name, value] of Object.entries(serverEnvironment))
      expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it('carries no browser in any stage', () => {
    expect(
      dockerfile
        .split('\n')
        .filter((l) => !l.trim().startsWith('#'))
        .join('\n'),
    ).not.toMatch(/chromium|playwright install/i);
  });
});

describe('compose.yaml', () => {
  it('starts PostgreSQL and the portal on it, with a secret that must be given', () => {
    expect(compose).toMatch(/^ {2}db:\n {4}image: postgres:\d+/m);
    expect(compose).toMatch(/^ {2}portal:\n {4}build: \./m);
    expect(compose).toContain('DATABASE_URL=postgres://portal:portal@db:5432/portal');
    expect(compose).toMatch(/SESSION_SECRET=\$\{SESSION_SECRET:\?/);
    expect(compose).toMatch(/condition: service_healthy/);
  });
});
