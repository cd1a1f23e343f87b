import { atom } from 'nanostores';
import { client } from '../client/api.ts';
import * as accountsCalls from '../shared/calls/accounts.ts';
import type { RegisterBody } from '../shared/contracts/accounts.ts';
import type { ProfileUpdateBody } from '../shared/contracts/users.ts';
import { onResetAll } from './reset.ts';
import { payload, requestStore } from './request.ts';
import { setUser } from './user.ts';

const captcha = (recaptchaToken?: string) => (recaptchaToken ? { recaptchaToken } : {});

export const $registration = requestStore((body: RegisterBody) => payload(accountsCalls.register(client(), body)));
export const $emailVerification = requestStore((token: string) => payload(accountsCalls.verifyEmail(client(), token)));
export const $verificationResend = requestStore((email: string, recaptchaToken?: string) =>
  payload(accountsCalls.resendVerification(client(), { email, ...captcha(recaptchaToken) })),
);
export const $passwordReset = requestStore((token: string, password: string) => payload(accountsCalls.resetPassword(client(), token, password)));
export const $passwordChange = requestStore((password: string, currentPassword: string) =>
  payload(accountsCalls.changePassword(client(), { password, currentPassword, source: 'user' })),
);

/** The profile update (SPEC.md §4): updating, then success (the returned member is stored) or the error. */
export const $profile = requestStore(async (body: ProfileUpdateBody) => {
  const user = await payload(accountsCalls.updateProfile(client(), body));
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
    const user = await payload(
      kind === 'avatar' ? accountsCalls.uploadAvatar(client(), file, { onProgress }) : accountsCalls.uploadCover(client(), file, { onProgress }),
    );
    setUser(user);
    return user;
  } finally {
    $uploadProgress.set(null);
  }
});

/** The profile form's option lists (the browser caches them: the API sends long cache headers). */
export const $referenceLists = requestStore(async () => {
  const [countries, languages, phoneCodes, extra] = await Promise.all([
    accountsCalls.countries(client()),
    accountsCalls.languages(client()),
    accountsCalls.phoneCodes(client()),
    accountsCalls.userAdditional(client()),
  ]);
  return { countries: countries.data, languages: languages.data, phoneCodes: phoneCodes.data, genders: extra.data.genders, bioMax: extra.data.bioMaxLength };
});

onResetAll(() => $uploadProgress.set(null));
