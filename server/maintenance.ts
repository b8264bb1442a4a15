import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Variant } from './variants/config.ts';

/**
 * Maintenance mode (spec 4.3): public/maintenance.json is read; `maintenance: true` puts every
 * variant in maintenance; a file that cannot be read or parsed means "not in maintenance";
 * otherwise the per-brand setting chosen by host (or by the variant's brand) applies.
 */
/**
 * A maintenance window announced in advance: shown to signed-in debtors as the maintenance
 * notice (spec 2.4 "Modals: … maintenance") until the window has ended. Without `brands` and
 * `hosts` it is announced everywhere; with them only for those brands, variants or hosts.
 */
const announcementSchema = z.object({
  /** Start of the window, ISO date-time. */
  from: z.iso.datetime({ offset: true }),
  /** Expected end, ISO date-time. */
  until: z.iso.datetime({ offset: true }).optional(),
  brands: z.record(z.string(), z.boolean()).optional(),
  hosts: z.record(z.string(), z.boolean()).optional(),
});
export type MaintenanceAnnouncement = { from: string; until: string | null };

const fileSchema = z.object({
  maintenance: z.boolean().optional(),
  /** Per brand key ("clarus", "paycare") or per variant id ("ch"). */
  brands: z.record(z.string(), z.boolean()).optional(),
  /** Per host name, e.g. "portal.paycare.example". */
  hosts: z.record(z.string(), z.boolean()).optional(),
  /** Shown on the maintenance page, ISO date-time. */
  until: z.string().optional(),
  /** A broken announcement is ignored; it never takes the maintenance switch down with it. */
  announcement: announcementSchema.optional().catch(undefined),
});
export type MaintenanceFile = z.infer<typeof fileSchema>;

export interface MaintenanceState {
  active: boolean;
  until?: string;
}

export function decideMaintenance(
  file: MaintenanceFile | null,
  variant: Pick<Variant, 'id' | 'brand'>,
  host: string,
): MaintenanceState {
  if (!file) return { active: false };
  const hostName = host.toLowerCase().replace(/:\d+$/, '');
  const active =
    file.maintenance === true ||
    file.hosts?.[hostName] === true ||
    file.brands?.[variant.brand.key] === true ||
    file.brands?.[variant.id] === true;
  return active ? { active, until: file.until } : { active: false };
}

/**
 * The announced window that concerns this variant and host and has not ended yet (before or
 * during the window; during it the portal is usually switched to maintenance anyway), or null.
 */
export function decideMaintenanceAnnouncement(
  file: MaintenanceFile | null,
  variant: Pick<Variant, 'id' | 'brand'>,
  host: string,
  now: Date = new Date(),
): MaintenanceAnnouncement | null {
  const announcement = file?.announcement;
  if (!announcement) return null;
  const hostName = host.toLowerCase().replace(/:\d+$/, '');
  const targeted = announcement.brands !== undefined || announcement.hosts !== undefined;
  const applies =
    !targeted ||
    announcement.hosts?.[hostName] === true ||
    announcement.brands?.[variant.brand.key] === true ||
    announcement.brands?.[variant.id] === true;
  if (!applies) return null;
  const end = Date.parse(announcement.until ?? announcement.from);
  if (!(end > now.getTime())) return null;
  return { from: announcement.from, until: announcement.until ?? null };
}

export function parseMaintenanceFile(text: string): MaintenanceFile | null {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads the file again only when it changed (and, with recheckMs, looks at it at most that often);
 * a missing or broken file reads as null.
 */
export function createMaintenanceReader(filePath: string, options: { recheckMs?: number } = {}) {
  const recheckMs = options.recheckMs ?? 0;
  let cache: { mtimeMs: number; value: MaintenanceFile | null } | undefined;
  // The last answer and when the file was looked at for it: within recheckMs it stands, so that
  // a busy server looks at the file a few times a second instead of once per request.
  let last: { at: number; value: Promise<MaintenanceFile | null> } | undefined;
  async function look(): Promise<MaintenanceFile | null> {
    try {
      const info = await stat(filePath);
      if (cache && cache.mtimeMs === info.mtimeMs) return cache.value;
      const value = parseMaintenanceFile(await readFile(filePath, 'utf8'));
      cache = { mtimeMs: info.mtimeMs, value };
      return value;
    } catch {
      cache = undefined;
      return null;
    }
  }
  return function read(): Promise<MaintenanceFile | null> {
    const now = Date.now();
    if (last && recheckMs > 0 && now - last.at < recheckMs) return last.value;
    last = { at: now, value: look() };
    return last.value;
  };
}
