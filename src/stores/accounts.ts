import { atom } from 'nanostores';
import { api } from '../client/api.ts';
import type { RegisterBody } from '../shared/contracts/accounts.ts';
import type { ProfileUpdateBody } from '../shared/contracts/users.ts';
import { onResetAll } from './reset.ts';
import { payload, requestStore } from './request.ts';
import { setUser } from './user.ts';

const captcha = (recaptchaToken?: string) => (recaptchaToken ? { recaptchaToken } : {});

export const $registration = requestStore((body: RegisterBody) => payload(api.register(body)));
export const $emailVerification = requestStore((token: string) => payload(api.verifyEmail(token)));
export const $verificationResend = requestStore((email: string, recaptchaToken?: string) =>
  payload(api.resendVerification({ email, ...captcha(recaptchaToken) })),
);
export const $passwordReset = requestStore((token: string, password: string) => payload(api.resetPassword(token, password)));
export const $passwordChange = requestStore((password: string, currentPassword: string) =>
  payload(api.changePassword({ password, currentPassword, source: 'user' })),
);

/** The profile update (SPEC.md §4): updating, then success (the returned member is stored) or the error. */
export const $profile = requestStore(async (body: ProfileUpdateBody) => {
  const user = await payload(api.updateProfile(body));
  setUser(user);
  return user;
});

/** The percentage of a picture upload sent so far (a real progress bar); null when none is under way. */
export const $uploadProgress = atom<number | null>(null);

/** A new avatar or cover; the member comes back with the re-encoded picture. */
export const $pictureUpload = requestStore(async (kind: 'avatar' | 'cover', file: Blob) => {
  const onProgress = (percent: number) => $uploadProgress.set(percent);
  $uploadProgress.set(0);
  try {
    const user = await payload(kind === 'avatar' ? api.uploadAvatar(file, { onProgress }) : api.uploadCover(file, { onProgress }));
    setUser(user);
    return user;
  } finally {
    $uploadProgress.set(null);
  }
});

/** The profile form's option lists (the browser caches them: the API sends long cache headers). */
export const $referenceLists = requestStore(async () => {
  const [countries, languages, phoneCodes, extra] = await Promise.all([api.countries(), api.languages(), api.phoneCodes(), api.userAdditional()]);
  return { countries: countries.data, languages: languages.data, phoneCodes: phoneCodes.data, genders: extra.data.genders, bioMax: extra.data.bioMaxLength };
});

onResetAll(() => $uploadProgress.set(null));
