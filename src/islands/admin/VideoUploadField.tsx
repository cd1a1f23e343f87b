import { useStore } from '@nanostores/react';
import type { AdminMedia, Field as FieldSpec } from '../../shared/admin/resource.ts';
import { $adminUploads, startVideoUpload } from '../../stores/admin.ts';
import UploadProgress from './UploadProgress.tsx';
import { sizeText } from './cell.ts';
import { VIDEO_ACCEPT } from './video-files.ts';

interface Props {
  field: FieldSpec;
  id: string;
  error: string | null;
  describedBy?: string;
  value: AdminMedia[];
  onChange: (value: AdminMedia[]) => void;
}

/**
 * A video file field's inside (RichField gives it its legend, hint and error): choosing a file starts a resumable
 * upload with its progress (percent and bytes) and a Pause / Resume button; the same file chosen again after a reload
 * continues where it stopped ("Resuming from 45 %"). Once every byte is on the server the field holds the upload (its
 * name and size shown); a refusal (too large, not a video) is said under the field. The form stays unsaved while the
 * upload runs or is paused.
 */
export default function VideoUploadField({ field, id, error, describedBy, value, onChange }: Props) {
  const uploads = useStore($adminUploads);
  const active = Object.keys(uploads).some((k) => k.startsWith(`${field.name}/`) && !uploads[k]!.error);
  const current = value[0];
  return (
    <>
      {current && !active && (
        <p className="upload-current" data-testid={`${field.name}-current`}>
          <span className="upload-name">
            {current.name ?? 'Video'}
            {current.size !== undefined && <small className="muted"> {sizeText(current.size)}</small>}
          </span>
          {current.url && (
            <a href={current.url} target="_blank" rel="noopener">
              Open
            </a>
          )}
        </p>
      )}
      <label htmlFor={id} className="upload-choose">
        {current ? 'Replace the video' : 'Choose a video'}
      </label>
      <input
        id={id}
        type="file"
        accept={VIDEO_ACCEPT}
        disabled={active}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={async (e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          // Tests send smaller pieces (`data-chunk-size`), to see several.
          const chunkSize = Number(input.dataset.chunkSize) || undefined;
          const stored = await startVideoUpload(field.name, file, { chunkSize });
          input.value = '';
          if (stored) onChange([stored]);
        }}
      />
      <UploadProgress group={field.name} controls />
    </>
  );
}
