import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';

/** The ip-location-db country databases hold `{ country_code }` records (not MaxMind's own layout). */
type CountryRecord = { country_code?: string };

/** Loopback, private, link-local and carrier-grade NAT ranges: never blocked, never looked up. */
const local = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const) {
  local.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const)
  local.addSubnet(net, bits, 'ipv6');

/** `::ffff:1.2.3.4` → `1.2.3.4`. */
export const normaliseIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

export function isLocalAddress(ip: string): boolean {
  const addr = normaliseIp(ip);
  const family = isIP(addr);
  if (!family) return true; // not an address at all (e.g. a unix socket): treat as local
  return local.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}

/** Country lookups from the local GeoIP database shipped in an npm data package; never a remote call. */
export class GeoIp {
  private readonly reader: Reader<Response>;
  private constructor(reader: Reader<Response>) {
    this.reader = reader;
  }

  static async open(file = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')) {
    return new GeoIp(await maxmind.open<Response>(file, { cache: { max: 10_000 } }));
  }

  /** ISO 3166-1 alpha-2 code of a public address, or null (local or unknown). */
  country(ip: string): string | null {
    if (isLocalAddress(ip)) return null;
    return (this.reader.get(normaliseIp(ip)) as CountryRecord | null)?.country_code ?? null;
  }
}
