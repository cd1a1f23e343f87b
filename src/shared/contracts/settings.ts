import { Type, type Static } from 'typebox';

export const MenuItem = Type.Object({
  title: Type.String(),
  path: Type.String(),
  section: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('footer')])),
  isNewTab: Type.Optional(Type.Boolean()),
});
export type MenuItem = Static<typeof MenuItem>;

/** The public settings every page needs; operators may add more keys (the map is open). */
export const PublicSettings = Type.Object(
  {
    siteName: Type.String(),
    logo: Type.String(),
    favicon: Type.String(),
    menus: Type.Array(MenuItem),
    footerContent: Type.String(),
    currency: Type.String(),
    currencySymbol: Type.String(),
    tokenPrice: Type.Number({
      minimum: 0,
      description: 'what one token is worth in `currency` (e.g. 0.1); 0: not declared, so structured data gives no money price',
    }),
    loginPlaceholderImage: Type.String(),
    gaCode: Type.String(),
    maintenanceMode: Type.Boolean(),
    requireEmailVerification: Type.Boolean({ description: 'purchases need a verified e-mail first' }),
    recaptchaSiteKey: Type.String({ description: 'empty: no captcha on the forms' }),
    metaDescription: Type.String({ description: "the description of pages that have none of their own (empty: one made from the site's name)" }),
    shareImage: Type.String({ description: 'the picture link previews show for pages that have none of their own (empty: none)' }),
    maintenanceMessage: Type.String({ description: 'what the maintenance page says (empty: the built-in sentence)' }),
    blockedMessage: Type.String({ description: 'what the blocked-country page says (empty: the built-in sentence)' }),
    timeZone: Type.String({ description: "the operator's IANA time zone (e.g. Europe/Oslo): the back office shows and takes times in it" }),
  },
  { additionalProperties: true },
);
export type PublicSettings = Static<typeof PublicSettings>;

export const PublicSettingsQuery = Type.Object({ group: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })) });

export const SettingsKeysBody = Type.Object(
  { keys: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);

export const CountryCheck = Type.Object({ blocked: Type.Boolean(), country: Type.Union([Type.String(), Type.Null()]) });
export type CountryCheck = Static<typeof CountryCheck>;

export const Health = Type.Object({ status: Type.Literal('ok'), db: Type.Boolean(), version: Type.String() });
/** What `/api/ready` found reachable: a process is sent traffic only when all of it is (Redis: null when not used). */
export const Readiness = Type.Object({
  status: Type.Literal('ready'),
  database: Type.Boolean(),
  redis: Type.Union([Type.Boolean(), Type.Null()]),
  storage: Type.Boolean(),
});
