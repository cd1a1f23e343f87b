/**
 * Grants of free access: an operator gives a member a priced video, gallery or story (a support gesture, a gift, a
 * review copy), for good or until a date, with a reason; revocable. Not a ledger movement: the balance never moves.
 * The member holds the item as a buyer does (the one access rule) and sees it among their purchases as a gift.
 */
export const GRANT_KINDS = ['video', 'gallery', 'story'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** What a purchase list says of an item held by a grant: its end (an ISO time), or null for good. */
export interface Gift {
  until: string | null;
}

/** How the back office names a kind in its grant forms. */
export const GRANT_KIND_LABELS: Record<GrantKind, string> = { video: 'Video', gallery: 'Gallery', story: 'Story' };
