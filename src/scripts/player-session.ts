import type { VideoStream } from '../shared/contracts/videos.ts';
import { messageOf } from '../shared/contracts/errors.ts';
import { $quality, seedStream, setQuality, streams } from '../stores/player.ts';
import { startPlayback, type Playback, type Quality } from './playback.ts';

type Phase = 'poster' | 'loading' | 'playing' | 'error';

/**
 * One `<tessera-player>` once its Play button was pressed (scripts/player.ts imports this module then): the stream
 * through hls.js (scripts/playback.ts), then the browser's own controls (keyboard play/pause/seek, captions when the
 * stream has any), a quality menu (Auto by bandwidth, or one rendition, kept across videos) and, should the stream
 * stop, what went wrong with a button to try again where the video was.
 */
export class PlayerSession {
  private readonly root: HTMLElement;
  private readonly id: string;
  private readonly video: HTMLVideoElement;
  private readonly play: HTMLButtonElement;
  private readonly title: string;
  private readonly quality: HTMLDivElement;
  private readonly select: HTMLSelectElement;
  private readonly error: HTMLDivElement;
  private phase: Phase = 'poster';
  /** Whether the stream is attached to the <video> (its controls then stay, even after an error). */
  private attached = false;
  private playback: Playback | null = null;
  private levels: Quality[] = [];
  private current: string | null = null;
  private readonly stopFollowing: () => void;

  constructor(root: HTMLElement) {
    this.root = root;
    this.id = root.dataset.id!;
    this.video = root.querySelector('video')!;
    this.play = root.querySelector('[data-testid=play]')!;
    this.title = this.video.getAttribute('aria-label') ?? '';
    seedStream(this.id, JSON.parse(root.dataset.stream!) as VideoStream);
    [this.quality, this.select] = this.qualityMenu();
    this.error = this.errorBox();
    // The choice made in another tab (the store is kept in localStorage) shows here too.
    this.stopFollowing = $quality.listen(() => this.renderQuality());
  }

  async start(): Promise<void> {
    if (this.phase === 'loading') return;
    this.setPhase('loading');
    const at = this.video.currentTime;
    this.playback?.destroy();
    this.playback = null;
    this.attached = false;
    this.render();
    try {
      this.playback = await startPlayback(this.video, {
        id: this.id,
        quality: $quality.get(),
        startAt: at,
        onLevels: (levels) => ((this.levels = levels), this.renderQuality()),
        onLevel: (name) => ((this.current = name), this.renderQuality()),
        onFatal: () => this.setPhase('error'),
      });
      this.attached = true;
      this.setPhase('playing');
      this.video.focus();
      // Refused only by a strict autoplay policy; the controls are there to start it by hand.
      await this.video.play().catch(() => {});
    } catch {
      this.setPhase('error');
    }
  }

  destroy(): void {
    this.playback?.destroy();
    this.playback = null;
    this.stopFollowing();
  }

  private setPhase(phase: Phase) {
    this.phase = phase;
    this.render();
  }

  private render() {
    const { phase, play, video } = this;
    const started = this.attached && phase !== 'loading';
    this.root.dataset.phase = phase;
    video.controls = started;
    video.tabIndex = started ? 0 : -1;
    if (started) play.remove();
    else if (!play.isConnected) video.after(play);
    play.disabled = phase === 'loading';
    play.setAttribute('aria-busy', String(phase === 'loading'));
    play.querySelector('.visually-hidden')!.textContent = `${phase === 'loading' ? 'Loading' : 'Play'} ${this.title}`;
    if (phase === 'error') {
      const renewal = streams.of(streams.$states.get(), this.id);
      this.error.querySelector('p')!.textContent = renewal.status === 'error' ? messageOf(renewal.error) : 'The video stopped loading.';
      this.root.append(this.error);
    } else {
      this.error.remove();
    }
  }

  private renderQuality() {
    const { levels, select } = this;
    if (levels.length < 2) return this.quality.remove();
    const quality = $quality.get();
    const matching = quality === 'auto' || levels.some((l) => l.name === quality) ? quality : 'auto';
    const values = ['auto', ...[...levels].sort((a, b) => b.height - a.height).map((l) => l.name)];
    // The options are made again only when the renditions change (not under the member's hand at each switch).
    if ([...select.options].map((o) => o.value).join() !== values.join()) select.replaceChildren(...values.map((v) => new Option(v, v)));
    select.options[0]!.text = this.current && matching === 'auto' ? `Auto (${this.current})` : 'Auto';
    select.value = matching;
    if (!this.quality.isConnected) this.root.append(this.quality);
  }

  private qualityMenu(): [HTMLDivElement, HTMLSelectElement] {
    const box = document.createElement('div');
    box.className = 'quality';
    const label = document.createElement('label');
    const select = document.createElement('select');
    select.id = `quality-${this.id}`;
    select.dataset.testid = 'quality';
    label.htmlFor = select.id;
    label.textContent = 'Quality';
    select.addEventListener('change', () => {
      setQuality(select.value);
      this.playback?.setQuality(select.value);
    });
    box.append(label, select);
    return [box, select];
  }

  private errorBox(): HTMLDivElement {
    const box = document.createElement('div');
    box.className = 'player-error';
    box.setAttribute('role', 'alert');
    const again = document.createElement('button');
    again.type = 'button';
    again.className = 'btn btn-primary';
    again.textContent = 'Try again';
    again.addEventListener('click', () => void this.start());
    box.append(document.createElement('p'), again);
    return box;
  }
}
