import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The site's own `client:` directives (see each file). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'tessera-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
      },
    },
  };
}
