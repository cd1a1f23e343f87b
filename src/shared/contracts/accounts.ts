import { Type, type Static } from 'typebox';

/** The password policy, stated in the error message when a password breaks it. */
export const PASSWORD_MIN = 8;
export const PASSWORD_POLICY = `Password must have at least ${PASSWORD_MIN} characters, with at least one letter and one digit.`;
export const USERNAME_POLICY = 'Username must be 3-30 characters: lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit.';

/** Lifetimes of the mailed links. */
export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_MINUTES = 60;
export const CHANGE_EMAIL_LINK_HOURS = 24;

const captcha = { recaptchaToken: Type.Optional(Type.String({ maxLength: 4000, description: 'needed when the site has a captcha secret' })) };

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    username: Type.String({ minLength: 1, maxLength: 30 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    ...captcha,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const RegisterResult = Type.Object({ _id: Type.String(), message: Type.String() });

export const TokenBody = Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) }, { additionalProperties: false });
export const EmailBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }), ...captcha }, { additionalProperties: false });
export type EmailBody = Static<typeof EmailBody>;

export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 10, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: 200, title: 'New password' }) },
  { additionalProperties: false },
);

/** `PUT /auth/users/me/password`: `source` is kept for the older clients ('user'); `currentPassword` is checked when sent. */
export const ChangePasswordBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 200, title: 'New password' }),
    source: Type.Optional(Type.String({ maxLength: 20 })),
    /** Required: a stolen session alone must not be enough to take the account over. */
    currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** `POST /auth/users/me/email`: the address to use from now on, with the password (a stolen session is not enough). */
export const ChangeEmailBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, title: 'New e-mail address' }),
    password: Type.String({ minLength: 1, maxLength: 200, title: 'Password' }),
  },
  { additionalProperties: false },
);
export type ChangeEmailBody = Static<typeof ChangeEmailBody>;

export const MessageResult = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type MessageResult = Static<typeof MessageResult>;
