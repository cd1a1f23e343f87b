export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor reaches for the island (`"load"`: at once), holding early clicks (interaction.ts beside this file). */
    'client:interaction'?: boolean | 'load';
    /** Hydrate at once for a logged-in member, never for a visitor (member.ts beside this file). */
    'client:member'?: boolean;
  }
}
