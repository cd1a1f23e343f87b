export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor reaches for the island (`"load"`: at once), holding early clicks (interaction.ts beside this file). */
    'client:interaction'?: boolean | 'load';
  }
}
