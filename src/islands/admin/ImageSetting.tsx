import { useStore } from '@nanostores/react';
import type { Field as FieldSpec } from '../../shared/admin/resource.ts';
import type { AdminSettings } from '../../shared/admin/settings.ts';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $settingUploadProgress, settingUploads } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';

const MAX_MB = 10;
const SITE_PATH = /^\/(?![/\\])/;

interface Props {
  field: FieldSpec;
  id: string;
  /** The picture's address as the form holds it. */
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** The upload was stored and set: the settings as the server now holds them. */
  onUploaded: (settings: AdminSettings) => void;
}

/**
 * A picture setting: its preview, its address (a site path or an http(s) URL, saved with the form), and an upload that
 * goes through the server's image code and applies at once, with its progress shown.
 */
export default function ImageSetting({ field, id, value, error, onChange, onUploaded }: Props) {
  const upload = settingUploads.of(useStore(settingUploads.$states), field.name);
  const progress = useStore($settingUploadProgress)[field.name];
  const uploadError = upload.status === 'error' ? messageOf(upload.error) : null;
  const shown = error ?? uploadError;
  const errorId = shown ? `${id}-error` : undefined;

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_MB * 1024 * 1024) return showToast(`Please choose a picture under ${MAX_MB} MB.`, 'error');
    const result = await settingUploads.run(field.name, file);
    input.value = '';
    if (!result.ok) return;
    onUploaded(result.data);
    showToast(`The new ${field.label.toLowerCase()} is saved and shown on the site.`, 'success');
  }

  return (
    <div className="field admin-image" data-testid={`image-${field.name}`}>
      <label htmlFor={id}>{field.label}</label>
      <div className="admin-image-row">
        <span className="admin-image-preview">
          {/* Only the site's own pictures are previewed (the page's policy allows no other image origin, nor any other scheme). */}
          {SITE_PATH.test(value) ? <img src={value} alt="" /> : <span className="muted">{value ? 'No preview' : 'None'}</span>}
        </span>
        <div className="admin-image-controls">
          <input
            id={id}
            name={field.name}
            type="text"
            value={value}
            maxLength={field.maxLength}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={shown ? true : undefined}
            aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
          />
          <label className="btn btn-ghost admin-upload" htmlFor={`${id}-file`}>
            Upload a picture<span className="visually-hidden"> for the {field.label.toLowerCase()}</span>
          </label>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            disabled={progress !== undefined}
            onChange={(e) => choose(e.currentTarget)}
            aria-describedby={`${id}-hint`}
            data-testid={`upload-${field.name}`}
          />
        </div>
      </div>
      {progress !== undefined && (
        <div className="upload-progress" role="status">
          <progress max={100} value={progress} aria-label={`Upload of the ${field.label.toLowerCase()}`} />
          <small>{progress < 100 ? `Uploading… ${progress}%` : 'Processing…'}</small>
        </div>
      )}
      {shown && (
        <small id={errorId} className="field-error" role={uploadError && !error ? 'alert' : undefined}>
          {shown}
        </small>
      )}
      <small id={`${id}-hint`} className="muted">
        {field.hint} A site path (/…) or an http(s) address, or upload a JPEG, PNG, WebP, AVIF or GIF.
      </small>
    </div>
  );
}
