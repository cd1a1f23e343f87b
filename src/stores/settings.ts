import { atom } from 'nanostores';
import type { PublicSettings } from '../shared/contracts/settings.ts';
import { onResetAll } from './reset.ts';
import { syncUiFromSettings } from './ui.ts';

/** The public site settings (gaCode, maintenanceMode, branding ...). */
export const $settings = atom<PublicSettings | null>(null);

export function setSettings(settings: PublicSettings): void {
  $settings.set(settings);
  syncUiFromSettings(settings);
}

onResetAll(() => $settings.set(null));
