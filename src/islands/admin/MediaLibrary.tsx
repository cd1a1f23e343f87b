import { useMemo, useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { MediaListPayload } from '../../shared/contracts/media-library.ts';
import { $adminUploads } from '../../stores/admin.ts';
import { addToLibrary, mediaBrowser } from '../../stores/media-library.ts';
import { showToast } from '../../stores/toast.ts';
import MediaGrid from './MediaGrid.tsx';
import UploadProgress from './UploadProgress.tsx';

const GROUPS = ['library/', 'library-files/', 'batch/'];

/**
 * Back office → Media library: a drop zone and a file button taking many files at once (pictures and files each sent
 * with its progress, videos each a draft video, sent resumably), then the library's grid with search and kind.
 */
export default function MediaLibrary({ first }: { first: MediaListPayload }) {
  const browser = useMemo(() => mediaBrowser(first), [first]);
  const uploads = useStore($adminUploads);
  const sending = Object.entries(uploads).some(([key, u]) => GROUPS.some((g) => key.startsWith(g)) && u && !u.error);
  const [over, setOver] = useState(false);

  async function add(files: File[]) {
    if (!files.length) return;
    const { stored, videos } = await addToLibrary(files);
    const said = [
      stored ? `${stored} ${stored === 1 ? 'file' : 'files'} added to the library` : '',
      videos ? `${videos} ${videos === 1 ? 'video' : 'videos'} added as drafts (in the library once their streams are made)` : '',
    ].filter(Boolean);
    if (said.length) showToast(`${said.join('; ')}.`, 'success');
    await browser.query({});
  }
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (!sending) void add([...e.dataTransfer.files]);
  };

  return (
    <>
      <section className="panel admin-section admin-batch" aria-labelledby="media-add-title" data-testid="media-add">
        <h2 id="media-add-title">Add files</h2>
        <div
          className={over ? 'admin-drop admin-drop-over' : 'admin-drop'}
          data-testid="media-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <label htmlFor="media-files" className="upload-choose">
            Choose files
          </label>
          <input
            id="media-files"
            type="file"
            multiple
            disabled={sending}
            aria-describedby="media-files-hint"
            onChange={async (e) => {
              const input = e.currentTarget;
              const files = [...(input.files ?? [])];
              input.value = '';
              await add(files);
            }}
          />
          <small id="media-files-hint" className="muted">
            Or drop them here: pictures, videos and other files, as many as you like. Each video becomes a draft video.
          </small>
        </div>
        <UploadProgress group="library" />
        <UploadProgress group="library-files" />
        <UploadProgress group="batch" controls />
      </section>
      <section className="panel admin-section" aria-label="Files in the library">
        <MediaGrid browser={browser} />
      </section>
    </>
  );
}
