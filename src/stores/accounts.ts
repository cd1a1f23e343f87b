import { map } from 'nanostores';
import { api } from '../client/api.ts';
import type { RegisterBody } from '../shared/contracts/accounts.ts';
import type { ProfileUpdateBody } from '../shared/contracts/users.ts';
import { attempt, messageOf } from './community.ts';
import { onResetAll } from './reset.ts';
import { setUser } from './user.ts';

export const register = (body: RegisterBody) => attempt(() => api.register(body));
export const verifyEmail = (token: string) => attempt(() => api.verifyEmail(token));
export const resendVerification = (email: string, recaptchaToken?: string) =>
  attempt(() => api.resendVerification({ email, ...(recaptchaToken ? { recaptchaToken } : {}) }));
export const resetPassword = (token: string, password: string) => attempt(() => api.resetPassword(token, password));
export const changePassword = (password: string, currentPassword: string) => attempt(() => api.changePassword({ password, currentPassword, source: 'user' }));

/**
 * The profile's state: the form (updating, then success — the returned member is stored — or `error`) and the
 * picture uploads (`uploading` percent, or `uploadError`), kept apart so that each error shows in one place.
 */
export const $profile = map<{ updating: boolean; success: boolean; error: string | null; uploading: number | null; uploadError: string | null }>({
  updating: false,
  success: false,
  error: null,
  uploading: null,
  uploadError: null,
});

export async function updateProfile(body: ProfileUpdateBody): Promise<boolean> {
  $profile.set({ ...$profile.get(), updating: true, success: false, error: null });
  try {
    const { data } = await api.updateProfile(body);
    setUser(data);
    $profile.set({ ...$profile.get(), updating: false, success: true });
    return true;
  } catch (err) {
    $profile.set({ ...$profile.get(), updating: false, error: messageOf(err) });
    return false;
  }
}

/** Uploads a new avatar or cover; `uploading` is the percentage sent (a real progress bar), null when idle. */
export async function uploadPicture(kind: 'avatar' | 'cover', file: Blob): Promise<boolean> {
  $profile.set({ ...$profile.get(), uploading: 0, uploadError: null });
  const onProgress = (percent: number) => $profile.setKey('uploading', percent);
  try {
    const { data } = kind === 'avatar' ? await api.uploadAvatar(file, { onProgress }) : await api.uploadCover(file, { onProgress });
    setUser(data);
    $profile.set({ ...$profile.get(), uploading: null });
    return true;
  } catch (err) {
    $profile.set({ ...$profile.get(), uploading: null, uploadError: messageOf(err) });
    return false;
  }
}

onResetAll(() => $profile.set({ updating: false, success: false, error: null, uploading: null, uploadError: null }));

/** The profile form's option lists (cached by the browser for a day: the API sends long cache headers). */
export async function referenceLists() {
  const [countries, languages, phoneCodes, extra] = await Promise.all([api.countries(), api.languages(), api.phoneCodes(), api.userAdditional()]);
  return { countries: countries.data, languages: languages.data, phoneCodes: phoneCodes.data, genders: extra.data.genders, bioMax: extra.data.bioMaxLength };
}
