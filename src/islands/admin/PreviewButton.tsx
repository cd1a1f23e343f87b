import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../use-hydrated.ts';

/**
 * "Preview": opens the item's preview page in a new tab with the form's unsaved title, summary and text posted to it
 * (admin only; the server makes the text safe as a save would, and keeps nothing). Its form is drawn at the end of
 * the page, apart from the item's form (a form may not hold another).
 */
export default function PreviewButton({ action, fields }: { action: string; fields: Record<string, string> }) {
  const form = useRef<HTMLFormElement>(null);
  const inBrowser = useHydrated();
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => form.current?.submit()} data-testid="admin-preview">
        Preview
      </button>
      {inBrowser &&
        createPortal(
          <form ref={form} method="post" action={action} target="_blank" hidden>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>,
          document.body,
        )}
    </>
  );
}
