/**
 * Hostile input, property-based (issue 18, part 3; issue 31): shard 4 of 4 of the endpoints.
 * The properties and the inputs are in hostile-input.properties.ts (decision 065).
 */
import { hostileInputProperties } from './hostile-input.properties.ts';

await hostileInputProperties({ shard: 4, of: 4 });
