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
  /**
   * Changes whenever the maintenance file read for the pages does (the page cache keys on it,
   * server/http/page-cache.ts).
   */
  maintenanceStamp(): Promise<string>;
  analyticsUrl: string | undefined;
}

type MaintenanceReader = ReturnType<typeof createMaintenanceReader>;
const readers = new Map<string, MaintenanceReader>();

/**
 * One reader per maintenance file in the process, so that the page cache's key (the edge) and the
 * page's own banner (the routes, the same module graph: decision 076) come from the same reading.
 */
function maintenanceReader(file: string): MaintenanceReader {
  let reader = readers.get(file);
  if (!reader) {
    // Switching maintenance on takes effect within a second (spec 2.2 checks it before each navigation).
    reader = createMaintenanceReader(file, { recheckMs: 1_000 });
    readers.set(file, reader);
  }
  return reader;
}

const stamps = new WeakMap<object, string>();
let stampCount = 0;

let instance: Runtime | undefined;

export function runtime(): Runtime {
  if (instance) return instance;
  const config = env();
  const hosts = parseHostMap(config.VARIANT_HOSTS);
  const readMaintenance = maintenanceReader(config.MAINTENANCE_FILE);
  instance = {
    variantOf: (request) => resolveVariant(new URL(request.url), hosts),
    maintenance: async (request, variant) =>
      decideMaintenance(await readMaintenance(), variant, new URL(request.url).host),
    maintenanceAnnouncement: async (request, variant, now) =>
      decideMaintenanceAnnouncement(await readMaintenance(), variant, new URL(request.url).host, now),
    maintenanceStamp: async () => {
      const file = await readMaintenance();
      if (!file) return 'none';
      let stamp = stamps.get(file);
      if (!stamp) stamps.set(file, (stamp = String(++stampCount)));
      return stamp;
    },
    analyticsUrl: config.ANALYTICS_URL,
  };
  return instance;
}

/** For tests: build the runtime again from the (changed) environment. */
export function resetRuntime(): void {
  instance = undefined;
}
