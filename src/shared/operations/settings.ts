import type { PublicSettings } from '../contracts/settings.ts';
import { op } from './operation.ts';

/** The site's public settings (every page reads them). */
export const SETTINGS = {
  public: op<{ query: { group?: string } }, PublicSettings>('GET', '/settings/public'),
  keys: op<{ body: { keys: string[] } }, Record<string, unknown>>('POST', '/settings/keys'),
};
