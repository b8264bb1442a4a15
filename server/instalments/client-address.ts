/**
 * The client address kept with a portal order (spec section 3 "Portal order: ip"): truncated,
 * never the full address. IPv4 loses its last octet, IPv6 everything after the first 48 bits
 * (80 bits removed), as the schema documents.
 */
import { isIPv4, isIPv6 } from 'node:net';

export function truncateClientAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const value = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) return truncateClientAddress(mapped[1]);
  if (isIPv4(value)) return `${value.split('.').slice(0, 3).join('.')}.0`;
  if (isIPv6(value)) {
    const [head = '', tail = ''] = value.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = value.includes('::') ? [...left, ...new Array(8 - left.length - right.length).fill('0'), ...right] : left;
    return `${groups.slice(0, 3).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::`;
  }
  return null;
}
