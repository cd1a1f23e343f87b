import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { DEFAULT_PRIVATE_SETTINGS, DEFAULT_PUBLIC_SETTINGS, SETTING_GROUPS } from '../../../shared/default-settings.ts';
import { SETTING_RULES } from './setting-rules.ts';
import { insertMissingSettings, listSettings, upsertSetting, type SettingRow } from './settings.repository.ts';

/** How long another process's change (CLI on PostgreSQL) may take to be seen; own changes are seen at once. */
const CACHE_MS = 5_000;

export class SettingsService {
  private cache: { rows: SettingRow[]; at: number } | null = null;
  private readonly db: Db;
  private readonly listeners = new Set<() => void>();
  constructor(db: Db) {
    this.db = db;
  }

  /** Called after every change made through this service (the page cache empties itself). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed(): void {
    this.cache = null;
    for (const listener of this.listeners) listener();
  }

  private async rows(): Promise<SettingRow[]> {
    if (!this.cache || Date.now() - this.cache.at > CACHE_MS) this.cache = { rows: await listSettings(this.db), at: Date.now() };
    return this.cache.rows;
  }

  /** A flat map of the public settings (of one group when given), defaults filled in. */
  async getPublic(group?: string): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(DEFAULT_PUBLIC_SETTINGS)) if (!group || SETTING_GROUPS[key] === group) out[key] = value;
    for (const row of await this.rows()) if (row.public && (!group || row.group === group)) out[row.key] = row.value;
    return out;
  }

  /** The public values of the keys asked for; private and unknown keys are left out. */
  async getKeys(keys: string[]): Promise<Record<string, unknown>> {
    const all = await this.getPublic();
    return Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]]));
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const row = (await this.rows()).find((r) => r.key === key);
    const fallback = key in DEFAULT_PRIVATE_SETTINGS ? DEFAULT_PRIVATE_SETTINGS[key] : (DEFAULT_PUBLIC_SETTINGS as Record<string, unknown>)[key];
    return (row ? row.value : fallback) as T | undefined;
  }

  /**
   * Sets one known key (see setting-rules.ts; unknown keys and unsafe values are refused). A string from the command
   * line is read as JSON when it is JSON (`true`, `[...]`), else as text. Returns the value stored.
   */
  async set(key: string, raw: unknown): Promise<unknown> {
    const rule = SETTING_RULES[key];
    if (!rule) throw badRequest(`'${key}' is not a setting. Known settings: ${Object.keys(SETTING_RULES).join(', ')}.`, 'UNKNOWN_SETTING');
    // Text from the command line: as JSON first (`true`, `[...]`), then as the text itself (`siteName 2048`).
    let verdict = rule(typeof raw === 'string' ? parseLoose(raw) : raw);
    if (!verdict.ok && typeof raw === 'string') {
      const asText = rule(raw);
      if (asText.ok) verdict = asText;
    }
    if (!verdict.ok) throw badRequest(`setting ${key} ${verdict.problem}`, 'VALIDATION_ERROR');
    await upsertSetting(this.db, { key, value: verdict.value, group: SETTING_GROUPS[key] ?? 'general', public: !(key in DEFAULT_PRIVATE_SETTINGS) });
    this.changed();
    return verdict.value;
  }

  /** Writes the defaults that are missing (first boot, and after an upgrade adds a key). */
  async ensureDefaults(): Promise<void> {
    await insertMissingSettings(
      this.db,
      Object.entries(DEFAULT_PUBLIC_SETTINGS).map(([key, value]) => ({ key, value, group: SETTING_GROUPS[key] ?? 'general', public: true })),
    );
    this.changed();
  }
}

function parseLoose(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
