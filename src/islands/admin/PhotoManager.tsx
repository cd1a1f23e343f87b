import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { AdminPhoto } from '../../shared/operations/admin.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $adminUploads, $galleryPhotos, $photoChange, addGalleryPhotos, seedGalleryPhotos } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import UploadProgress from './UploadProgress.tsx';

interface Props {
  galleryId: string;
  /** The photos the page rendered with. */
  photos: AdminPhoto[];
}

/**
 * A gallery's photos: add many at once (each a resumable upload with its progress, a few at a time; each joins the
 * gallery once sent, in the order chosen), put them in order, choose the cover, remove one. Every change is saved at once (the form above is for the gallery's own fields).
 */
export default function PhotoManager({ galleryId, photos: rendered }: Props) {
  useEffect(() => seedGalleryPhotos(galleryId, rendered), [galleryId, rendered]);
  const state = useStore($galleryPhotos);
  const change = useStore($photoChange);
  const uploads = useStore($adminUploads);
  const photos = state.galleryId === galleryId ? state.photos : rendered;
  const uploading = Object.entries(uploads).some(([key, u]) => key.startsWith('photos/') && !u.error);
  const busy = change.status === 'loading' || uploading;

  async function run(op: Parameters<typeof $photoChange.run>[0], done: string) {
    const result = await $photoChange.run(op);
    showToast(result.ok ? done : messageOf(result.error), result.ok ? 'success' : 'error');
  }
  const move = (from: number, to: number) => {
    const ids = photos.map((p) => p._id);
    ids.splice(to, 0, ...ids.splice(from, 1));
    void run({ op: 'order', ids }, 'The new order is saved.');
  };

  return (
    <section className="panel admin-photos" aria-labelledby="photos-title" data-testid="photo-manager">
      <h2 id="photos-title">Photos ({photos.length})</h2>
      <div className="field">
        <label htmlFor="add-photos">Add photos</label>
        <input
          id="add-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          disabled={uploading}
          aria-describedby="add-photos-hint"
          onChange={async (e) => {
            const input = e.currentTarget;
            const files = [...(input.files ?? [])];
            if (!files.length) return;
            // Tests send smaller pieces (`data-chunk-size`), to see several.
            const added = await addGalleryPhotos(files, { chunkSize: Number(input.dataset.chunkSize) || undefined });
            input.value = '';
            if (added) showToast(`${added} ${added === 1 ? 'photo' : 'photos'} added.`, 'success');
          }}
        />
        <small id="add-photos-hint" className="muted">
          Choose several at once. The first photo of a gallery becomes its cover.
        </small>
      </div>
      <UploadProgress group="photos" />
      {photos.length === 0 ? (
        <p className="muted">No photos yet: a gallery is published with at least one.</p>
      ) : (
        <ol className="photo-grid" aria-busy={busy}>
          {photos.map((p, i) => (
            <li key={p._id} data-testid="admin-photo" data-cover={p.isCover || undefined}>
              <img src={p.photo.url ?? undefined} alt="" width={240} height={Math.round((240 * (p.photo.height ?? 3)) / (p.photo.width ?? 4))} />
              <p className="photo-title">
                {p.title}
                {p.isCover && <span className="chip">Cover</span>}
              </p>
              <div className="photo-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy || i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move ${p.title} earlier`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy || i === photos.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move ${p.title} later`}
                >
                  ↓
                </button>
                {!p.isCover && (
                  <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => run({ op: 'cover', photoId: p._id }, 'The cover is changed.')}>
                    Make cover<span className="visually-hidden">: {p.title}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost text-danger"
                  disabled={busy}
                  onClick={() => confirm(`Remove ${p.title}?`) && run({ op: 'remove', photoId: p._id }, 'The photo is removed.')}
                >
                  Remove<span className="visually-hidden">: {p.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
