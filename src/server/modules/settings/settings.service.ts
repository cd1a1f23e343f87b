import type { Db, Tx } from '../../db/client.ts';
import { badRequest, invalid } from '../../errors.ts';
import { SiteChanges } from '../../lib/runtime/site-changes.ts';
import { DEFAULT_PRIVATE_SETTINGS, DEFAULT_PUBLIC_SETTINGS, SETTING_GROUPS } from '../../../shared/default-settings.ts';
import { SECRET_SETTINGS, settingLabel, type AdminSettings } from '../../../shared/admin/settings.ts';
import { SETTING_RULES } from './setting-rules.ts';
import { deepFreeze } from '../../../shared/deep-freeze.ts';
import { insertMissingSettings, listSettings, upsertSetting, type SettingRow } from './settings.repository.ts';

/**
 * How long a change may take to be seen when nothing tells this process about it: another process's change without
 * Redis (the CLI on PostgreSQL), or one made while Redis was away. Changes made here, or announced on the live
 * connection's Redis, are seen at once.
 */
const CACHE_MS = 5_000;

/** What a change did, key by key (the audit log's before and after; secrets never written out). */
export interface SettingsChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
/** What else a settings change does, in its transaction (token packages follow the site's currency). */
export type Alongside = (tx: Tx, change: SettingsChange) => Promise<unknown>;

/** A key's value among the stored rows, else its default. */
function valueIn<T>(rows: SettingRow[], key: string): T | undefined {
  const row = rows.find((r) => r.key === key);
  const fallback = key in DEFAULT_PRIVATE_SETTINGS ? DEFAULT_PRIVATE_SETTINGS[key] : (DEFAULT_PUBLIC_SETTINGS as Record<string, unknown>)[key];
  return (row ? row.value : fallback) as T | undefined;
}

/** The public settings of these rows (of one group when given), defaults filled in. */
function publicOf(rows: SettingRow[], group?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(DEFAULT_PUBLIC_SETTINGS)) if (!group || SETTING_GROUPS[key] === group) out[key] = value;
  for (const row of rows) if (row.public && (!group || row.group === group)) out[row.key] = row.value;
  return out;
}

export class SettingsService {
  private cache: { rows: SettingRow[]; at: number } | null = null;
  /** Moves at every change, so that a read that started before one does not keep its older rows. */
  private generation = 0;
  private readonly publicViews = new WeakMap<SettingRow[], Readonly<Record<string, unknown>>>();
  private readonly db: Db;
  private readonly changes: SiteChanges;
  constructor(db: Db, changes: SiteChanges = new SiteChanges()) {
    this.db = db;
    this.changes = changes;
    changes.on((change) => {
      if (change !== 'settings') return;
      this.cache = null;
      this.generation++;
    });
  }

  /** The rows this process holds, while they are fresh; null when a read is due. */
  private held(): SettingRow[] | null {
    return this.cache && Date.now() - this.cache.at <= CACHE_MS ? this.cache.rows : null;
  }

  private async rows(): Promise<SettingRow[]> {
    const held = this.held();
    if (held) return held;
    const generation = this.generation;
    const rows = await listSettings(this.db);
    if (generation === this.generation) this.cache = { rows, at: Date.now() };
    return rows;
  }

  /** A flat map of the public settings (of one group when given), defaults filled in. */
  async getPublic(group?: string): Promise<Record<string, unknown>> {
    return publicOf(await this.rows(), group);
  }

  /**
   * Every public setting, defaults filled in, as one frozen map made once per read of the rows and shared by the page
   * renders until the next change (a page reads it; none may change it).
   */
  async publicView(): Promise<Readonly<Record<string, unknown>>> {
    const rows = await this.rows();
    let view = this.publicViews.get(rows);
    if (!view) this.publicViews.set(rows, (view = deepFreeze(structuredClone(publicOf(rows)))));
    return view;
  }

  /** The public values of the keys asked for; private and unknown keys are left out. */
  async getKeys(keys: string[]): Promise<Record<string, unknown>> {
    const all = await this.getPublic();
    return Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]]));
  }

  /** A setting's value as this process holds it now, without a read; null when it would need one. */
  peek<T = unknown>(key: string): { value: T | undefined } | null {
    const held = this.held();
    return held ? { value: valueIn<T>(held, key) } : null;
  }

  async get<T = unknown>(key: string): Promise<T | undefined> {
    return valueIn<T>(await this.rows(), key);
  }

  /**
   * Sets one known key (see setting-rules.ts; unknown keys and unsafe values are refused). A string from the command
   * line is read as JSON when it is JSON (`true`, `[...]`), else as text. Returns the value stored.
   */
  async set(key: string, raw: unknown, alongside?: Alongside): Promise<unknown> {
    const rule = SETTING_RULES[key];
    if (!rule) throw badRequest(`'${key}' is not a setting. Known settings: ${Object.keys(SETTING_RULES).join(', ')}.`, 'UNKNOWN_SETTING');
    // Text from the command line: as JSON first (`true`, `[...]`), then as the text itself (`siteName 2048`).
    let verdict = rule(typeof raw === 'string' ? parseLoose(raw) : raw);
    if (!verdict.ok && typeof raw === 'string') {
      const asText = rule(raw);
      if (asText.ok) verdict = asText;
    }
    if (!verdict.ok) throw badRequest(`setting ${key} ${verdict.problem}`, 'VALIDATION_ERROR');
    const before = await this.get(key);
    await this.db.transaction(async (tx) => {
      await upsertSetting(tx, rowOf(key, verdict.value));
      await alongside?.(tx, { before: { [key]: before }, after: { [key]: verdict.value } });
    });
    this.changes.publish('settings');
    return verdict.value;
  }

  /** Every setting for the back office, defaults filled in; secrets are left empty and said to be set or not. */
  async getAdmin(): Promise<AdminSettings> {
    const values: Record<string, unknown> = {};
    for (const key of Object.keys(SETTING_RULES)) values[key] = await this.get(key);
    const secretsSet: Record<string, boolean> = {};
    for (const key of SECRET_SETTINGS) {
      secretsSet[key] = Boolean(values[key]);
      values[key] = '';
    }
    return { values, secretsSet };
  }

  /**
   * Sets several settings at once, as the back office sends them (JSON values, not command-line text): every value is
   * checked first, and any refusal is a 400 naming each failing field with nothing saved. Then all are written in one
   * transaction and every process is told. Returns what changed.
   */
  async setMany(input: Record<string, unknown>, alongside?: Alongside): Promise<SettingsChange> {
    const problems: Record<string, string> = {};
    const checked: [string, unknown][] = [];
    for (const [key, raw] of Object.entries(input)) {
      const rule = SETTING_RULES[key];
      if (!rule) problems[key] = `Unknown field '${key}': leave it out.`;
      else {
        const verdict = rule(raw);
        if (verdict.ok) checked.push([key, verdict.value]);
        else problems[key] = `${settingLabel(key)} ${verdict.problem}.`;
      }
    }
    if (Object.keys(problems).length) throw invalid(problems);
    const change: SettingsChange = { before: {}, after: {} };
    for (const [key, value] of checked) {
      const before = await this.get(key);
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      const secret = (SECRET_SETTINGS as readonly string[]).includes(key);
      change.before[key] = secret ? (before ? '(set)' : '') : before;
      change.after[key] = secret ? (value ? '(set)' : '') : value;
    }
    const changed = checked.filter(([key]) => key in change.after);
    if (!changed.length) return change;
    await this.db.transaction(async (tx) => {
      for (const [key, value] of changed) await upsertSetting(tx, rowOf(key, value));
      await alongside?.(tx, change);
    });
    this.changes.publish('settings');
    return change;
  }

  /** Writes the defaults that are missing (first boot, and after an upgrade adds a key). */
  async ensureDefaults(): Promise<void> {
    await insertMissingSettings(
      this.db,
      Object.entries(DEFAULT_PUBLIC_SETTINGS).map(([key, value]) => rowOf(key, value)),
    );
    this.changes.publish('settings');
  }
}

const rowOf = (key: string, value: unknown) => ({ key, value, group: SETTING_GROUPS[key] ?? 'general', public: !(key in DEFAULT_PRIVATE_SETTINGS) });

function parseLoose(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
