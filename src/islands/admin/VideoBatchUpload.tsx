import { useState, type DragEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $adminUploads, addVideos } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import UploadProgress from './UploadProgress.tsx';
import { VIDEO_ACCEPT } from './video-files.ts';

/**
 * The videos list's "Upload videos": several files chosen or dropped at once, each sent resumably with its own
 * progress and Pause, each a draft video (titled after its file) as soon as it is in, its streams then made.
 */
export default function VideoBatchUpload() {
  const uploads = useStore($adminUploads);
  const sending = Object.entries(uploads).some(([key, u]) => key.startsWith('batch/') && u && !u.error);
  const [over, setOver] = useState(false);

  async function add(files: File[], chunkSize?: number) {
    const videos = files.filter((f) => /^video\//.test(f.type) || /\.(mp4|m4v|mov|webm|mkv)$/i.test(f.name));
    if (!videos.length) return showToast('Drop video files: MP4, MOV, WebM or MKV.', 'error');
    const made = await addVideos(videos, { chunkSize });
    if (made) showToast(`${made} ${made === 1 ? 'video' : 'videos'} added as drafts; their streams are being made.`, 'success');
  }
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (!sending) void add([...e.dataTransfer.files]);
  };

  return (
    <section className="panel admin-section admin-batch" aria-labelledby="batch-title" data-testid="video-batch">
      <h2 id="batch-title">Upload videos</h2>
      <div
        className={over ? 'admin-drop admin-drop-over' : 'admin-drop'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor="add-videos" className="upload-choose">
          Choose videos
        </label>
        <input
          id="add-videos"
          type="file"
          accept={VIDEO_ACCEPT}
          multiple
          disabled={sending}
          aria-describedby="add-videos-hint"
          onChange={async (e) => {
            const input = e.currentTarget;
            const files = [...(input.files ?? [])];
            // Tests send smaller pieces (`data-chunk-size`), to see several.
            const chunkSize = Number(input.dataset.chunkSize) || undefined;
            input.value = '';
            if (files.length) await add(files, chunkSize);
          }}
        />
        <small id="add-videos-hint" className="muted">
          Or drop them here. Each becomes a draft video named after its file; fill in the rest and publish it when it is ready.
        </small>
      </div>
      <UploadProgress group="batch" controls />
    </section>
  );
}
