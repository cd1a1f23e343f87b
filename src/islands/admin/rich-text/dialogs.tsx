import { useEffect, useState } from 'react';
import { findAdminItems, uploadTextImage } from '../../../stores/admin.ts';
import { messageOf, toFailure } from '../../../shared/contracts/errors.ts';
import { EMBED_KINDS, EMBED_RESOURCES, isRichHref, type EmbedKind } from '../../../shared/rich-text.ts';
import type { AdminItem } from '../../../shared/admin/resource.ts';
import Field from '../../forms/Field.tsx';
import Dialog from './Dialog.tsx';
import MediaPicker from '../MediaPicker.tsx';
import { textImageFromLibrary } from '../../../stores/media-library.ts';
import type { AdminMedia } from '../../../shared/admin/resource.ts';
import { EMBED_WORDS, type EmbedData, type ImageData } from './nodes.tsx';

/** A link's address: the web, e-mail or a path of this site. */
export function LinkDialog({ initial, onDone, onClose }: { initial: string; onDone: (href: string | null) => void; onClose: () => void }) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = href.trim();
    if (!isRichHref(value)) return setError('Use an address starting with https://, http://, mailto: or / (a page of this site).');
    onDone(value);
  };
  return (
    <Dialog title={initial ? 'Change the link' : 'Add a link'} submit="Apply" onSubmit={submit} onClose={onClose}>
      <Field name="rte-link" label="Address" value={href} onChange={(e) => setHref(e.target.value)} error={error} autoFocus placeholder="https://" />
      {initial && (
        <p>
          <button type="button" className="btn btn-ghost text-danger" onClick={() => onDone(null)}>
            Remove the link
          </button>
        </p>
      )}
    </Dialog>
  );
}

/**
 * A picture for the text: uploaded here or chosen from the media library (copied to a stable public address either
 * way), with the alt text that says what it shows and an optional caption.
 */
export function ImageDialog({ onDone, onClose }: { onDone: (image: ImageData) => void; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<AdminMedia | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!file && !chosen) problems.file = 'Picture: choose one.';
    if (!alt.trim()) problems.alt = 'Alt text: say what the picture shows, for readers who cannot see it.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const media = chosen ?? (await uploadTextImage(file!).catch((err: unknown) => (setErrors({ file: messageOf(toFailure(err)) }), null)));
    setBusy(false);
    if (media) onDone({ src: media.url!, alt: alt.trim(), width: media.width, height: media.height, ...(caption.trim() ? { caption: caption.trim() } : {}) });
  };
  return (
    <Dialog title="Insert a picture" submit={busy ? 'Uploading…' : 'Insert'} busy={busy} onSubmit={submit} onClose={onClose}>
      <Field
        name="rte-image-file"
        label="Picture"
        type="file"
        accept="image/*"
        error={errors.file}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setChosen(null);
        }}
      />
      <p className="rte-library">
        <MediaPicker label="Picture" pick={textImageFromLibrary} onPick={setChosen} />
        {chosen && (
          <span className="muted" data-testid="rte-image-chosen">
            From the library: {chosen.width} × {chosen.height}
          </span>
        )}
      </p>
      <Field
        name="rte-image-alt"
        label="Alt text"
        hint="What the picture shows, read to people who cannot see it."
        value={alt}
        maxLength={300}
        error={errors.alt}
        onChange={(e) => setAlt(e.target.value)}
      />
      <Field name="rte-image-caption" label="Caption (optional)" value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
    </Dialog>
  );
}

/** One of the site's videos, galleries or products, found by searching its list, shown in the text as its card. */
export function EmbedDialog({ onDone, onClose }: { onDone: (embed: EmbedData) => void; onClose: () => void }) {
  const [kind, setKind] = useState<EmbedKind>('video');
  const [q, setQ] = useState('');
  const [items, setItems] = useState<AdminItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      findAdminItems(EMBED_RESOURCES[kind], q)
        .then((found) => live && (setItems(found), setError(null)))
        .catch((err) => live && setError(messageOf(toFailure(err))));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, q]);
  return (
    <Dialog title="Insert a card" onClose={onClose}>
      <div className="field">
        <label htmlFor="rte-embed-kind">What</label>
        <select id="rte-embed-kind" value={kind} onChange={(e) => (setKind(e.target.value as EmbedKind), setItems(null))}>
          {EMBED_KINDS.map((k) => (
            <option key={k} value={k}>
              {EMBED_WORDS[k]}
            </option>
          ))}
        </select>
      </div>
      <Field name="rte-embed-search" label="Search" type="search" value={q} onChange={(e) => setQ(e.target.value)} autoFocus />
      <div aria-live="polite">
        {error ? (
          <p className="field-error">{error}</p>
        ) : items === null ? (
          <p className="muted">Loading…</p>
        ) : items.length === 0 ? (
          <p className="muted">Nothing found.</p>
        ) : (
          <ul className="rte-results">
            {items.map((item) => (
              <li key={item._id}>
                <span>
                  {String(item.title)} <span className="muted">({String(item.state ?? '')})</span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Insert ${String(item.title)}`}
                  onClick={() => onDone({ kind, slug: String(item.slug), title: String(item.title) })}
                >
                  Insert
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
