/**
 * Process-wide services the routes share, created once from the environment: variant
 * resolution (with the host map) and the maintenance switch.
 */
import { env } from './env.ts';
import {
  createMaintenanceReader,
  decideMaintenance,
  decideMaintenanceAnnouncement,
  type MaintenanceAnnouncement,
  type MaintenanceState,
} from './maintenance.ts';
import type { Variant } from './variants/config.ts';
import { parseHostMap, resolveVariant } from './variants/resolve.ts';

export interface Runtime {
  variantOf(request: Request): Variant;
  maintenance(request: Request, variant: Variant): Promise<MaintenanceState>;
  /** A maintenance window announced for this variant and host that has not ended yet. */
  maintenanceAnnouncement(request: Request, variant: Variant, now?: Date): Promise<MaintenanceAnnouncement | null>;
  analyticsUrl: string | undefined;
}

let instance: Runtime | undefined;

export function runtime(): Runtime {
  if (instance) return instance;
  const config = env();
  const hosts = parseHostMap(config.VARIANT_HOSTS);
  // Switching maintenance on takes effect within a second (spec 2.2 checks it before each navigation).
  const readMaintenance = createMaintenanceReader(config.MAINTENANCE_FILE, { recheckMs: 1_000 });
  instance = {
    variantOf: (request) => resolveVariant(new URL(request.url), hosts),
    maintenance: async (request, variant) =>
      decideMaintenance(await readMaintenance(), variant, new URL(request.url).host),
    maintenanceAnnouncement: async (request, variant, now) =>
      decideMaintenanceAnnouncement(await readMaintenance(), variant, new URL(request.url).host, now),
    analyticsUrl: config.ANALYTICS_URL,
  };
  return instance;
}

/** For tests: build the runtime again from the (changed) environment. */
export function resetRuntime(): void {
  instance = undefined;
}
