import type { PlayerSession } from './player-session.ts';

/**
 * `<tessera-player>` (components/catalogue/StreamPlayer.astro): the server's poster and Play button, alive without
 * React. The first press fetches the player (scripts/player-session.ts, with hls.js) and starts the stream; until then
 * the page carries only this element. It wakes wherever its markup arrives: in the page, in a server island, or in a
 * region swapped in after an unlock (client/regions.ts).
 */
class PlayerElement extends HTMLElement {
  private session: Promise<PlayerSession> | null = null;
  private wired = false;

  connectedCallback(): void {
    if (this.wired) return;
    this.wired = true;
    this.querySelector('[data-testid=play]')?.addEventListener('click', () => void this.start());
  }

  disconnectedCallback(): void {
    void this.session?.then((s) => s.destroy());
    this.session = null;
  }

  private async start(): Promise<void> {
    const play = this.querySelector('[data-testid=play]');
    // Said at once, while the player's code is on its way.
    play?.setAttribute('aria-busy', 'true');
    this.session ??= import('./player-session.ts').then(({ PlayerSession }) => new PlayerSession(this));
    const session = await this.session.catch(() => null);
    if (session) return session.start();
    // The player's code did not come (the network): the button is there to try again.
    this.session = null;
    play?.removeAttribute('aria-busy');
  }
}

if (!customElements.get('tessera-player')) customElements.define('tessera-player', PlayerElement);
