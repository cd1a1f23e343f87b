import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../shared/contracts/errors.ts';
import { $pictureUpload, $uploadProgress } from '../../stores/accounts.ts';
import { showToast } from '../../stores/toast.ts';

const MAX_MB = 10;

/** Avatar and cover: choose a picture, see the avatar at once, and watch the upload's real progress; the server re-encodes it. */
export default function ProfilePictures({ avatar: rendered, name }: { avatar: string; name: string }) {
  const upload = useStore($pictureUpload);
  const uploading = useStore($uploadProgress);
  const [preview, setPreview] = useState<string | null>(null);
  const avatar = preview ?? (upload.data?.avatar || rendered);

  async function choose(kind: 'avatar' | 'cover', file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return showToast('Please choose an image (JPEG, PNG, WebP, AVIF or GIF).', 'error');
    if (file.size > MAX_MB * 1024 * 1024) return showToast(`Please choose an image under ${MAX_MB} MB.`, 'error');
    const url = kind === 'avatar' ? URL.createObjectURL(file) : null;
    setPreview(url);
    const result = await $pictureUpload.run(kind, file);
    if (url) URL.revokeObjectURL(url);
    setPreview(null);
    input.value = '';
    // A refusal is said once, beside the buttons; a success in a toast.
    if (result.ok) showToast(kind === 'avatar' ? 'Your new picture is saved.' : 'Your new cover is saved.', 'success');
  }

  return (
    <div className="avatar-upload">
      <img className="avatar avatar-lg" src={avatar} alt={`${name}'s avatar`} width={72} height={72} data-testid="avatar" />
      <div>
        <label className="btn btn-ghost" htmlFor="avatar-file">
          Change picture
        </label>
        <input
          id="avatar-file"
          className="visually-hidden"
          type="file"
          accept="image/*"
          onChange={(e) => choose('avatar', e.target.files?.[0], e.currentTarget)}
          disabled={uploading !== null}
          aria-describedby={upload.status === 'error' ? 'upload-error' : undefined}
        />
        <label className="btn btn-ghost" htmlFor="cover-file">
          Change cover
        </label>
        <input
          id="cover-file"
          className="visually-hidden"
          type="file"
          accept="image/*"
          onChange={(e) => choose('cover', e.target.files?.[0], e.currentTarget)}
          disabled={uploading !== null}
          aria-describedby={upload.status === 'error' ? 'upload-error' : undefined}
        />
        {uploading !== null && (
          <div className="upload-progress" role="status">
            <progress max={100} value={uploading} aria-label="Upload progress" data-testid="upload-progress" />
            <small>{uploading < 100 ? `Uploading… ${uploading}%` : 'Processing…'}</small>
          </div>
        )}
        {upload.status === 'error' && (
          <small className="alert-error" id="upload-error" role="alert" data-testid="upload-error">
            {messageOf(upload.error)}
          </small>
        )}
      </div>
    </div>
  );
}
