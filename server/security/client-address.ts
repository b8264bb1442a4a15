import { isIP } from 'node:net';

/**
 * The client address as it may be stored with a portal order (section 3 "Portal order: ip"):
 * truncated so that it no longer names one connection. IPv4 loses its last octet
 * (203.0.113.7 → 203.0.113.0), IPv6 its last 80 bits (the /48 prefix is kept). An IPv4 address
 * mapped into IPv6 (::ffff:203.0.113.7) is treated as IPv4. Anything else is not stored (null).
 */
export function truncateClientAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const trimmed = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const candidate = mapped ? mapped[1]! : trimmed;
  const version = isIP(candidate);
  if (version === 4) return `${candidate.split('.').slice(0, 3).join('.')}.0`;
  if (version === 6) {
    const groups = expandIpv6(candidate);
    if (!groups) return null;
    return `${groups
      .slice(0, 3)
      .map((g) => g.toString(16))
      .join(':')}::`;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted IPv4 part). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(Math.max(0, fill)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
