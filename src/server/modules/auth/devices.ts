import Bowser from 'bowser';

/** What a login says of where it comes from. */
export interface LoginPlace {
  ip?: string;
  userAgent?: string;
  country?: string | null;
}

/** What a session's user agent says of the device, as a member recognises it. */
export interface DeviceDescription {
  /** `Chrome 131 on Windows`, or `Unknown browser` when the agent says nothing usable. */
  label: string;
  kind: 'desktop' | 'phone' | 'tablet' | 'other';
}

/** The device and browser a user agent names (bowser, a maintained parser); never throws. */
export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { label: 'Unknown browser', kind: 'other' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
  const os = parsed.os.name ? ` on ${parsed.os.name}` : '';
  const type = parsed.platform.type;
  const kind = type === 'mobile' ? 'phone' : type === 'tablet' ? 'tablet' : type === 'desktop' ? 'desktop' : 'other';
  return { label: `${browser}${os}`, kind };
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's name from its ISO code (`DE` → `Germany`); null for none. */
export const placeOf = (country: string | null | undefined): string | null => {
  if (!country) return null;
  try {
    return regions.of(country) ?? country;
  } catch {
    return country;
  }
};
