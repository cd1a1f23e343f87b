import { Type, type Static } from 'typebox';
import { LIMITS } from '../mail-kinds.ts';

/** A mail's wording as the back office sends it (a save, a preview, a test): the placeholders are checked beyond this. */
export const MailWordingBody = Type.Object(
  {
    subject: Type.String({ maxLength: LIMITS.subject }),
    body: Type.String({ maxLength: LIMITS.body }),
    actionLabel: Type.Optional(Type.String({ maxLength: LIMITS.actionLabel })),
    smallPrint: Type.Optional(Type.String({ maxLength: LIMITS.smallPrint })),
  },
  { additionalProperties: false },
);
export type MailWordingBody = Static<typeof MailWordingBody>;

export const MailTemplateSave = Type.Object({ ...MailWordingBody.properties, enabled: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type MailTemplateSave = Static<typeof MailTemplateSave>;

const Wording = Type.Object({ subject: Type.String(), body: Type.String(), actionLabel: Type.String(), smallPrint: Type.String() });

/** One mail in the list of the back office's Mails page. */
export const MailTemplateSummary = Type.Object({
  key: Type.String(),
  title: Type.String(),
  when: Type.String(),
  /** May be switched off. */
  optional: Type.Boolean(),
  enabled: Type.Boolean(),
  /** The operator changed its wording (reset gives back the default). */
  customised: Type.Boolean(),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type MailTemplateSummary = Static<typeof MailTemplateSummary>;

/** One mail as its editor shows it: the wording sent, the default's, and the placeholders it knows. */
export const MailTemplate = Type.Object({
  ...MailTemplateSummary.properties,
  wording: Wording,
  defaults: Wording,
  /** The mail has a button (its words are `actionLabel`). */
  hasButton: Type.Boolean(),
  placeholders: Type.Array(Type.Object({ name: Type.String(), about: Type.String(), sample: Type.String() })),
});
export type MailTemplate = Static<typeof MailTemplate>;

/** A mail written with sample values: what the member would get. */
export const MailPreview = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() });
export type MailPreview = Static<typeof MailPreview>;
