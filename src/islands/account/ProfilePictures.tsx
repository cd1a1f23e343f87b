import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $profile, uploadPicture } from '../../stores/accounts.ts';
import { $user } from '../../stores/user.ts';
import { showToast } from '../../stores/toast.ts';

const MAX_MB = 10;

/** Avatar and cover: choose a picture, see the avatar at once, and watch the upload's real progress; the server re-encodes it. */
export default function ProfilePictures({ avatar: initial, name }: { avatar: string; name: string }) {
  const user = useStore($user);
  const { uploading, uploadError } = useStore($profile);
  const [preview, setPreview] = useState<string | null>(null);

  async function choose(kind: 'avatar' | 'cover', file: File | undefined, input: HTMLInputElement) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return showToast('Please choose an image (JPEG, PNG, WebP, AVIF or GIF).', 'error');
    if (file.size > MAX_MB * 1024 * 1024) return showToast(`Please choose an image under ${MAX_MB} MB.`, 'error');
    const url = kind === 'avatar' ? URL.createObjectURL(file) : null;
    setPreview(url);
    const ok = await uploadPicture(kind, file);
    if (url) URL.revokeObjectURL(url);
    setPreview(null);
    input.value = '';
    // A refusal is said once, beside the buttons (uploadError); a success in a toast.
    if (ok) showToast(kind === 'avatar' ? 'Your new picture is saved.' : 'Your new cover is saved.', 'success');
  }

  return (
    <div className="avatar-upload">
      <img className="avatar avatar-lg" src={preview ?? user?.avatar ?? initial} alt={`${name}'s avatar`} width={72} height={72} data-testid="avatar" />
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
        />
        {uploading !== null && (
          <div className="upload-progress" role="status">
            <progress max={100} value={uploading} aria-label="Upload progress" data-testid="upload-progress" />
            <small>{uploading < 100 ? `Uploading… ${uploading}%` : 'Processing…'}</small>
          </div>
        )}
        {uploadError && uploading === null && (
          <small className="alert-error" role="alert" data-testid="upload-error">
            {uploadError}
          </small>
        )}
      </div>
    </div>
  );
}
