import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $profile, uploadPicture } from '../../stores/accounts.ts';
import { $user } from '../../stores/user.ts';
import { showToast } from '../../stores/toast.ts';

const MAX_MB = 10;

/** Choose a picture, see it at once, and watch the upload's real progress; the server re-encodes it. */
export default function AvatarUpload({ avatar: initial, name }: { avatar: string; name: string }) {
  const user = useStore($user);
  const { uploading, error } = useStore($profile);
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return showToast('Please choose an image (JPEG, PNG, WebP, AVIF or GIF).', 'error');
    if (file.size > MAX_MB * 1024 * 1024) return showToast(`Please choose an image under ${MAX_MB} MB.`, 'error');
    const url = URL.createObjectURL(file);
    setPreview(url);
    const ok = await uploadPicture('avatar', file);
    URL.revokeObjectURL(url);
    setPreview(null);
    if (input.current) input.current.value = '';
    showToast(ok ? 'Your new picture is saved.' : ($profile.get().error ?? 'The upload failed.'), ok ? 'success' : 'error');
  }

  return (
    <div className="avatar-upload">
      <img className="avatar avatar-lg" src={preview ?? user?.avatar ?? initial} alt={`${name}'s avatar`} width={72} height={72} data-testid="avatar" />
      <div>
        <label className="btn btn-ghost" htmlFor="avatar-file">
          Change picture
        </label>
        <input ref={input} id="avatar-file" className="visually-hidden" type="file" accept="image/*" onChange={(e) => choose(e.target.files?.[0])} disabled={uploading !== null} />
        {uploading !== null && (
          <div className="upload-progress" role="status">
            <progress max={100} value={uploading} aria-label="Upload progress" data-testid="upload-progress" />
            <small>{uploading < 100 ? `Uploading… ${uploading}%` : 'Processing…'}</small>
          </div>
        )}
        {error && uploading === null && <small className="alert-error">{error}</small>}
      </div>
    </div>
  );
}
