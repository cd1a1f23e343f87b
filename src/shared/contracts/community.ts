import { Type, type Static } from 'typebox';
import { Literals } from './catalogue.ts';

export const CaptchaVerifyBody = Type.Object({ token: Type.String({ maxLength: 4000 }) }, { additionalProperties: false });
export const CaptchaResult = Type.Object({ success: Type.Boolean(), enabled: Type.Boolean(), message: Type.Optional(Type.String()) });

export const ContactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    recaptchaToken: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBody>;

/** What can be reported: catalogue items and comments. */
export const REPORT_TARGETS = ['video', 'gallery', 'story', 'product', 'post', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** The fixed list of report reasons (`GET /violation-reports/types`). */
export const VIOLATION_TYPES = [
  { key: 'illegal_content', text: 'Illegal content' },
  { key: 'minor_safety', text: 'Involves a minor' },
  { key: 'non_consensual', text: 'Shared without consent' },
  { key: 'copyright', text: 'Copyright infringement' },
  { key: 'harassment', text: 'Harassment or hate' },
  { key: 'violence', text: 'Violence or threats' },
  { key: 'spam', text: 'Spam or scam' },
  { key: 'other', text: 'Something else' },
] as const;
export const ViolationType = Type.Object({ key: Type.String(), text: Type.String() });

export const ReportBody = Type.Object(
  {
    type: Literals(VIOLATION_TYPES.map((t) => t.key)),
    targetType: Literals(REPORT_TARGETS),
    targetId: Type.String({ format: 'uuid' }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ReportBody = Static<typeof ReportBody>;

/**
 * Where a report is in the moderation queue: `open` (waiting), `reviewing` (an operator took it), `actioned` (the item
 * or its author was dealt with), `dismissed` (nothing to do).
 */
export const REPORT_STATUSES = ['open', 'reviewing', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Open reports from this many different members hide their target until an operator looks at it. */
export const REPORT_AUTOHIDE_COUNT = 5;

export const ViolationReport = Type.Object({
  _id: Type.String(),
  type: Type.String(),
  targetType: Literals(REPORT_TARGETS),
  targetId: Type.String(),
  description: Type.String(),
  status: Literals(REPORT_STATUSES),
  createdAt: Type.String(),
});
export type ViolationReport = Static<typeof ViolationReport>;

/** Reference lists for forms. */
export const CountryItem = Type.Object({ code: Type.String(), name: Type.String() });
export const LanguageItem = Type.Object({ code: Type.String(), name: Type.String(), nativeName: Type.String() });
export const PhoneCodeItem = Type.Object({
  code: Type.String({ description: 'ISO country' }),
  name: Type.String(),
  dialCode: Type.String({ description: 'e.g. +44' }),
});
export type CountryItem = Static<typeof CountryItem>;
export type LanguageItem = Static<typeof LanguageItem>;
export type PhoneCodeItem = Static<typeof PhoneCodeItem>;
export const Option = Type.Object({ key: Type.String(), text: Type.String() });
/** `GET /user-additional`: the option lists of the profile form. */
export const UserAdditional = Type.Object({ genders: Type.Array(Option), bioMaxLength: Type.Integer() });
export type UserAdditional = Static<typeof UserAdditional>;

export const GENDERS = [
  { key: 'female', text: 'Female' },
  { key: 'male', text: 'Male' },
  { key: 'non_binary', text: 'Non-binary' },
  { key: 'unspecified', text: 'Prefer not to say' },
] as const;
export const BIO_MAX = 1000;
