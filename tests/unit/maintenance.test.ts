import { mkdtempSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMaintenanceReader, decideMaintenance, parseMaintenanceFile } from '#server/maintenance.ts';
import { variants } from '#server/variants/config.ts';

describe('maintenance decision', () => {
  it.each([
    ['no file: not in maintenance', null, variants.de, 'portal.example', false],
    ['maintenance true: every variant', { maintenance: true }, variants.se, 'x', true],
    ['maintenance false and no brand setting', { maintenance: false }, variants.de, 'x', false],
    ['per brand: paycare only', { brands: { paycare: true } }, variants.paycare, 'x', true],
    ['per brand: other brands stay up', { brands: { paycare: true } }, variants.de, 'x', false],
    ['per variant id', { brands: { ch: true } }, variants.ch, 'x', true],
    [
      'per host, port ignored',
      { hosts: { 'portal.paycare.example': true } },
      variants.paycare,
      'Portal.Paycare.example:443',
      true,
    ],
    [
      'per host: another host stays up',
      { hosts: { 'portal.paycare.example': true } },
      variants.de,
      'portal.clarus.example',
      false,
    ],
  ] as const)('%s', (_name, file, variant, host, expected) => {
    expect(decideMaintenance(file, variant, host).active).toBe(expected);
  });

  it('passes the announced end time on', () => {
    expect(decideMaintenance({ maintenance: true, until: '2026-11-22T10:00:00Z' }, variants.de, 'x')).toEqual({
      active: true,
      until: '2026-11-22T10:00:00Z',
    });
  });

  it('treats a broken or wrongly shaped file as not in maintenance', () => {
    expect(parseMaintenanceFile('{ not json')).toBeNull();
    expect(parseMaintenanceFile('{"maintenance":"yes"}')).toBeNull();
    expect(parseMaintenanceFile('{"maintenance":true}')).toEqual({ maintenance: true });
  });
});

describe('maintenance file reader', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the file again when it changes and survives its removal', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'maint-'));
    const file = path.join(dir, 'maintenance.json');
    const read = createMaintenanceReader(file);
    expect(await read()).toBeNull();
    writeFileSync(file, '{"maintenance":false}');
    expect(await read()).toEqual({ maintenance: false });
    writeFileSync(file, '{"maintenance":true}');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await read()).toEqual({ maintenance: true });
    rmSync(file);
    expect(await read()).toBeNull();
  });

  it('answers from memory within recheckMs and looks at the file again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
      dir = mkdtempSync(path.join(tmpdir(), 'maint-'));
      const file = path.join(dir, 'maintenance.json');
      writeFileSync(file, '{"maintenance":false}');
      const read = createMaintenanceReader(file, { recheckMs: 1_000 });
      expect(await read()).toEqual({ maintenance: false });
      writeFileSync(file, '{"maintenance":true}');
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      vi.setSystemTime(new Date('2026-11-22T09:00:00.900Z'));
      expect(await read()).toEqual({ maintenance: false });
      vi.setSystemTime(new Date('2026-11-22T09:00:01.000Z'));
      expect(await read()).toEqual({ maintenance: true });
    } finally {
      vi.useRealTimers();
    }
  });
});
