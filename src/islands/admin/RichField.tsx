import { useStore } from '@nanostores/react';
import type { AdminMedia, Choice, Field as FieldSpec } from '../../shared/admin/resource.ts';
import { $adminUploads, uploadAdminFiles } from '../../stores/admin.ts';
import UploadProgress from './UploadProgress.tsx';
import { sizeText } from './cell.ts';
import VideoUploadField from './VideoUploadField.tsx';
import MediaPicker from './MediaPicker.tsx';

/** The field kinds a plain input cannot edit: several choices, pictures and files. */
export const RICH_KINDS = new Set(['choices', 'image', 'images', 'file']);

interface Props {
  field: FieldSpec;
  id: string;
  label: string;
  error: string | null;
  value: string[] | AdminMedia[];
  onChange: (value: string[] | AdminMedia[]) => void;
  /** A `choices` field's options (from the page). */
  choices?: Choice[];
}

/** A field with its own small interface; its label is the group's legend, its hint and error are tied to its input. */
export default function RichField(props: Props) {
  const { field, id, label, error } = props;
  const describedBy = [error ? `${id}-error` : null, field.hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  // A video is sent resumably (pause, resume, a reload survived); other files in one piece.
  const video = field.kind === 'file' && field.upload === 'video';
  return (
    <fieldset className={video ? 'field rich-field video-upload' : 'field rich-field'} data-field={field.name}>
      <legend>{label}</legend>
      {field.kind === 'choices' ? (
        <Choices {...props} describedBy={describedBy} />
      ) : video ? (
        <VideoUploadField field={field} id={id} error={error} describedBy={describedBy} value={props.value as AdminMedia[]} onChange={props.onChange} />
      ) : (
        <Uploads {...props} value={props.value as AdminMedia[]} onChange={props.onChange} describedBy={describedBy} />
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
      {field.hint && (
        <small id={`${id}-hint`} className="muted">
          {field.hint}
        </small>
      )}
    </fieldset>
  );
}

function Choices({ id, value, onChange, choices = [], error, describedBy }: Props & { describedBy?: string }) {
  const chosen = value as string[];
  if (!choices.length) return <p className="muted">None to choose from yet.</p>;
  return (
    <div className="choice-list">
      {choices.map((c, i) => (
        <label key={c.value} className="checkbox">
          <input
            type="checkbox"
            id={i === 0 ? id : undefined}
            value={c.value}
            checked={chosen.includes(c.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value))}
            aria-invalid={error && i === 0 ? true : undefined}
            aria-describedby={i === 0 ? describedBy : undefined}
          />{' '}
          {c.label}
        </label>
      ))}
    </div>
  );
}

const IMAGES = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
const ACCEPT = { image: IMAGES, 'text-image': IMAGES, video: 'video/mp4,video/webm', download: undefined } as const;

function Uploads({
  field,
  id,
  label,
  value,
  onChange,
  error,
  describedBy,
}: Omit<Props, 'value' | 'onChange'> & { value: AdminMedia[]; onChange: (value: AdminMedia[]) => void; describedBy?: string }) {
  const uploads = useStore($adminUploads);
  const busy = Object.keys(uploads).some((k) => k.startsWith(`${field.name}/`) && !uploads[k]!.error);
  const many = field.kind === 'images';
  const purpose = field.upload ?? 'image';
  const pictures = purpose === 'image';
  const move = (from: number, to: number) => {
    const next = [...value];
    next.splice(to, 0, ...next.splice(from, 1));
    onChange(next);
  };
  return (
    <>
      {value.length > 0 && (
        <ul className={pictures ? 'upload-list pictures' : 'upload-list'}>
          {value.map((m, i) => {
            const name = m.name ?? `${pictures ? 'Picture' : 'File'} ${i + 1}`;
            return (
              <li key={m.ref}>
                {pictures && m.url && <img src={m.url} alt="" width={96} height={Math.round((96 * (m.height ?? 1)) / (m.width ?? 1))} />}
                <span className="upload-name">
                  {name}
                  <small className="muted">
                    {' '}
                    {m.width ? `${m.width}×${m.height} · ` : ''}
                    {sizeText(m.size)}
                  </small>
                </span>
                {!pictures && m.url && (
                  <a href={m.url} target="_blank" rel="noopener">
                    Open
                  </a>
                )}
                {many && (
                  <>
                    <button type="button" className="btn btn-ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${name} earlier`}>
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={i === value.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move ${name} later`}
                    >
                      ↓
                    </button>
                  </>
                )}
                {(many || !field.required) && (
                  <button
                    type="button"
                    className="btn btn-ghost text-danger"
                    onClick={() => onChange(value.filter((_, j) => j !== i))}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <label htmlFor={id} className="upload-choose">
        {many ? `Add ${label.toLowerCase()}` : value.length ? `Replace the ${pictures ? 'picture' : 'file'}` : `Choose ${pictures ? 'a picture' : 'a file'}`}
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT[purpose]}
        multiple={many}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={async (e) => {
          const input = e.currentTarget;
          const files = [...(input.files ?? [])];
          if (!files.length) return;
          const stored = await uploadAdminFiles(field.name, purpose, many ? files : files.slice(0, 1));
          input.value = '';
          if (stored.length) onChange(many ? [...value, ...stored] : stored);
        }}
      />
      {pictures && <MediaPicker label={many ? label : 'a picture'} onPick={(media) => onChange(many ? [...value, media] : [media])} />}
      <UploadProgress group={field.name} />
    </>
  );
}
