import { useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { File as FileIcon, Film } from 'lucide-static';
import type { MediaAsset, MediaKind } from '../../shared/contracts/media-library.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import type { MediaBrowser } from '../../stores/media-library.ts';
import { sizeText } from './cell.ts';

const KINDS: { value: MediaKind | ''; label: string }[] = [
  { value: '', label: 'Everything' },
  { value: 'image', label: 'Pictures' },
  { value: 'video', label: 'Videos' },
  { value: 'file', label: 'Files' },
];

interface Props {
  browser: MediaBrowser;
  /** The picker's: choosing a file (a button per file) instead of opening its page (a link). */
  onChoose?: (asset: MediaAsset) => void;
  /** Only this kind (the picker of a picture field): no kind filter. */
  kind?: MediaKind;
}

/** The library's search, kind filter and grid of files (pictures as thumbnails, icons for videos and files), a page at a time. */
export default function MediaGrid({ browser, onChoose, kind }: Props) {
  const state = useStore(browser);
  const id = useId();
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = state.status === 'loading';
  return (
    <div className="media-browser">
      {/* Not a form: the picker's dialog sits inside an item's form. The search runs as it is typed. */}
      <div className="media-filters" role="search">
        <div className="field">
          <label htmlFor={`${id}-q`}>Search by name</label>
          <input
            id={`${id}-q`}
            type="search"
            value={state.q}
            onChange={(e) => {
              const q = e.currentTarget.value;
              browser.setKey('q', q);
              if (typing.current) clearTimeout(typing.current);
              typing.current = setTimeout(() => void browser.query({ q }), 250);
            }}
          />
        </div>
        {!kind && (
          <div className="field">
            <label htmlFor={`${id}-kind`}>Kind</label>
            <select id={`${id}-kind`} value={state.kind} onChange={(e) => void browser.query({ kind: e.currentTarget.value as MediaKind | '' })}>
              {KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <p className="muted" role="status" aria-live="polite">
        {state.status === 'error'
          ? messageOf(state.error!)
          : busy
            ? 'Loading…'
            : state.items.length
              ? `${state.items.length} of ${state.total}${state.totalCapped ? '+' : ''} shown`
              : 'Nothing here yet.'}
      </p>
      <ul className="media-grid" data-testid="media-grid">
        {state.items.map((a) => (
          <li key={a._id} className="media-tile" data-kind={a.kind}>
            {onChoose ? (
              <button type="button" className="media-tile-body" onClick={() => onChoose(a)}>
                <Tile asset={a} />
              </button>
            ) : (
              <a className="media-tile-body" href={`/admin/media/${a._id}`}>
                <Tile asset={a} />
              </a>
            )}
          </li>
        ))}
      </ul>
      {state.next && (
        <button type="button" className="btn" disabled={busy} onClick={() => void browser.more()}>
          Load more
        </button>
      )}
    </div>
  );
}

/** One file: its thumbnail (a picture) or an icon, its name and size. */
function Tile({ asset }: { asset: MediaAsset }) {
  return (
    <>
      <span className="media-thumb" aria-hidden="true">
        {asset.kind === 'image' && asset.url ? (
          <img src={asset.url} alt="" loading="lazy" width={160} height={120} />
        ) : (
          <span className="media-icon" dangerouslySetInnerHTML={{ __html: asset.kind === 'video' ? Film : FileIcon }} />
        )}
      </span>
      <span className="media-name">{asset.name || 'Untitled'}</span>
      <small className="muted">
        {asset.kind === 'image' ? 'Picture' : asset.kind === 'video' ? 'Video' : 'File'} · {sizeText(asset.size)}
      </small>
    </>
  );
}
