/**
 * Drafts of rich texts kept in this browser (localStorage) while they are being written, so that a closed tab, a
 * crash or a lost session does not lose them: one per text field of one item (`new` before it is created). The form
 * forgets them once it has saved. Small on purpose: the form imports it without loading the editor.
 */
export interface Draft {
  html: string;
  /** When it was kept, ISO. */
  at: string;
}

const PREFIX = 'tessera:draft:';
export const draftKey = (resource: string, id: string | null, field: string) => `${PREFIX}${resource}:${id ?? 'new'}:${field}`;

export function readDraft(key: string): Draft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as Draft | null;
    return draft && typeof draft.html === 'string' && typeof draft.at === 'string' ? draft : null;
  } catch {
    return null;
  }
}

export function keepDraft(key: string, html: string) {
  try {
    localStorage.setItem(key, JSON.stringify({ html, at: new Date().toISOString() } satisfies Draft));
  } catch {
    // Storage full or refused (private mode): the text is still in the form.
  }
}

export function forgetDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/** Forgets every draft of one item's texts (it was saved), and those of a new item once it is created. */
export function forgetDrafts(resource: string, id: string | null) {
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(`${PREFIX}${resource}:${id ?? 'new'}:`) || key.startsWith(`${PREFIX}${resource}:new:`)) localStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}
