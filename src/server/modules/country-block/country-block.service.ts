import countries from 'i18n-iso-countries';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { isLocalAddress, type GeoIp } from '../../lib/runtime/geoip.ts';
import { SiteChanges } from '../../lib/runtime/site-changes.ts';
import { deleteBlocked, insertBlocked, listBlockedCodes } from './country-block.repository.ts';

/** How long another process's change is unseen when nothing announces it (no Redis); announced ones are seen at once. */
const CACHE_MS = 5_000;

export interface CountryCheckInput {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Decides whether a visitor's country is blocked: local GeoIP, or a trusted CDN header when the operator enables it. */
export class CountryBlockService {
  private cache: { codes: Set<string>; at: number } | null = null;
  /** Moves at every change, so that a read that started before one does not keep its older list. */
  private generation = 0;
  private readonly db: Db;
  private readonly geo: GeoIp;
  private readonly trustedHeader: string | null;
  private readonly changes: SiteChanges;
  constructor(db: Db, geo: GeoIp, trustedHeader: string | null, changes: SiteChanges = new SiteChanges()) {
    this.db = db;
    this.geo = geo;
    this.trustedHeader = trustedHeader;
    this.changes = changes;
    changes.on((change) => {
      if (change !== 'countries') return;
      this.cache = null;
      this.generation++;
    });
  }

  /** The blocked codes this process holds, while they are fresh; null when a read is due. */
  private held(): Set<string> | null {
    return this.cache && Date.now() - this.cache.at <= CACHE_MS ? this.cache.codes : null;
  }

  async blockedCodes(): Promise<Set<string>> {
    const held = this.held();
    if (held) return held;
    const generation = this.generation;
    const codes = new Set(await listBlockedCodes(this.db));
    if (generation === this.generation) this.cache = { codes, at: Date.now() };
    return codes;
  }

  /**
   * The visitor's country: the trusted CDN header when the operator enabled one and it is present (the request may
   * then come through a local proxy), else GeoIP of the client address; null for local and unknown addresses.
   */
  country({ ip, headers }: CountryCheckInput): string | null {
    if (this.trustedHeader) {
      const value = headers[this.trustedHeader];
      const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
      if (code && /^[A-Z]{2}$/.test(code)) return code;
    }
    return isLocalAddress(ip) ? null : this.geo.country(ip);
  }

  /** Whether the visitor's country is blocked; no address lookup at all while no country is (every cached page asks). */
  async blocks(input: CountryCheckInput): Promise<boolean> {
    const codes = await this.blockedCodes();
    if (codes.size === 0) return false;
    const country = this.country(input);
    return country !== null && codes.has(country);
  }

  async check(input: CountryCheckInput): Promise<{ blocked: boolean; country: string | null }> {
    const country = this.country(input);
    return { blocked: country !== null && (await this.blockedCodes()).has(country), country };
  }

  /** True when this process knows, without a read, that no country is blocked now. */
  noneBlockedNow(): boolean {
    return this.held()?.size === 0;
  }

  async block(code: string) {
    await insertBlocked(this.db, normalise(code));
    this.changes.publish('countries');
  }

  async unblock(code: string): Promise<boolean> {
    const removed = await deleteBlocked(this.db, normalise(code));
    this.changes.publish('countries');
    return removed;
  }

  async list(): Promise<string[]> {
    return [...(await this.blockedCodes())].sort();
  }
}

/** An assigned ISO 3166-1 alpha-2 code (i18n-iso-countries' list): `de` → `DE`; `XX`, `UK` or `EU` are refused. */
export function normalise(code: string): string {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c) || !countries.isValid(c))
    throw badRequest(`'${code}' is not an ISO 3166-1 alpha-2 country code (e.g. DE, GB, US)`, 'VALIDATION_ERROR');
  return c;
}
