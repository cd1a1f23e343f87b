import { useEffect, useRef, useState, type DragEvent, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { MenuItem } from '../../shared/contracts/settings.ts';
import type { MenuPage } from '../../shared/admin/menu-pages.ts';
import { $adminSettingsSave } from '../../stores/admin.ts';
import { showToast } from '../../stores/toast.ts';
import { formErrors } from '../forms/validate.ts';
import { useUnsavedWarning } from '../use-unsaved-warning.ts';

type Section = 'main' | 'footer';
interface Entry {
  /** Stable while the page is open (React's key, focus after a move). */
  id: string;
  title: string;
  path: string;
  isNewTab: boolean;
}
type Lists = Record<Section, Entry[]>;

const NAMES: Record<Section, string> = { main: 'Header menu', footer: 'Footer menu' };
const OTHER: Record<Section, Section> = { main: 'footer', footer: 'main' };
const entry = (id: string, m: Partial<MenuItem> = {}): Entry => ({ id, title: m.title ?? '', path: m.path ?? '', isNewTab: m.isNewTab ?? false });
/** The two lists of saved menus; their items' ids name their place (links added later get ids of their own). */
const listsOf = (menus: MenuItem[]): Lists => ({
  main: menus.filter((m) => (m.section ?? 'main') === 'main').map((m, i) => entry(`main${i}`, m)),
  footer: menus.filter((m) => m.section === 'footer').map((m, i) => entry(`footer${i}`, m)),
});
const menusOf = (lists: Lists): MenuItem[] =>
  (['main', 'footer'] as const).flatMap((section) =>
    lists[section].map((e) => ({ title: e.title.trim(), path: e.path.trim(), section, ...(e.isNewTab ? { isNewTab: true } : {}) })),
  );
const SAFE_PATH = /^(\/(?![/\\])|https?:\/\/)/;

/**
 * The header and footer menus: add, edit and remove links, reorder them by dragging or with the move buttons (the
 * keyboard's way), move a link between the two menus. Saved together; the site shows them from its next page.
 */
export default function MenusEditor({ menus, pages = [] }: { menus: MenuItem[]; pages?: MenuPage[] }) {
  /** How many links were added on this page (their ids). */
  const added = useRef(0);
  const [lists, setLists] = useState<Lists>(() => listsOf(menus));
  const [saved, setSaved] = useState(() => JSON.stringify(menusOf(listsOf(menus))));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [said, setSaid] = useState('');
  const [dragging, setDragging] = useState<{ section: Section; index: number } | null>(null);
  /** Where focus goes after a move or an addition (the element's id), once it is drawn. */
  const focusNext = useRef<string | null>(null);
  const state = useStore($adminSettingsSave);
  const dirty = JSON.stringify(menusOf(lists)) !== saved;
  const { errorOf, summary } = formErrors(state, {}, ['menus']);
  const serverError = errorOf('menus');

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  useUnsavedWarning(dirty);

  const update = (section: Section, id: string, change: Partial<Entry>) =>
    setLists((l) => ({ ...l, [section]: l[section].map((e) => (e.id === id ? { ...e, ...change } : e)) }));

  /** Moves an item to a place in a list (the same or the other), says where it went, and keeps focus on `focusOn`. */
  function move(from: Section, index: number, to: Section, target: number, focusOn?: string) {
    const item = lists[from][index];
    if (!item) return;
    const next: Lists = { main: [...lists.main], footer: [...lists.footer] };
    next[from].splice(index, 1);
    const place = Math.max(0, Math.min(target, next[to].length));
    next[to].splice(place, 0, item);
    setLists(next);
    if (focusOn) focusNext.current = focusOn;
    setSaid(`${item.title || 'Link'} moved to position ${place + 1} of ${next[to].length} in the ${NAMES[to].toLowerCase()}.`);
  }

  function add(section: Section) {
    const item = entry(`new${++added.current}`);
    setLists((l) => ({ ...l, [section]: [...l[section], item] }));
    focusNext.current = `menu-${item.id}-title`;
  }

  function remove(section: Section, index: number) {
    const item = lists[section][index]!;
    const rest = lists[section].filter((_, i) => i !== index);
    setLists((l) => ({ ...l, [section]: rest }));
    focusNext.current = rest[Math.min(index, rest.length - 1)] ? `menu-${rest[Math.min(index, rest.length - 1)]!.id}-title` : `menu-add-${section}`;
    setSaid(`${item.title || 'Link'} removed from the ${NAMES[section].toLowerCase()}.`);
  }

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const section of ['main', 'footer'] as const)
      lists[section].forEach((e, i) => {
        const where = `${NAMES[section]}, link ${i + 1}`;
        if (!e.title.trim()) found[`${e.id}-title`] = `${where}: give it a title.`;
        if (!e.path.trim()) found[`${e.id}-path`] = `${where}: give it an address.`;
        else if (!SAFE_PATH.test(e.path.trim())) found[`${e.id}-path`] = `${where}: use a site path (/videos) or an http(s) address.`;
      });
    return found;
  }

  async function save(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = check();
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) return document.getElementById(`menu-${first}`)?.focus();
    const result = await $adminSettingsSave.run({ menus: menusOf(lists) });
    if (!result.ok) return;
    const now = result.data.values.menus as MenuItem[];
    setLists(listsOf(now));
    setSaved(JSON.stringify(menusOf(listsOf(now))));
    showToast('Menus saved. The site shows them from its next page.', 'success');
  }

  const onDrop = (to: Section, target: number) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (dragging) move(dragging.section, dragging.index, to, dragging.section === to && dragging.index < target ? target - 1 : target);
    setDragging(null);
  };

  function list(section: Section) {
    const items = lists[section];
    return (
      <section className="panel admin-section admin-menu" aria-labelledby={`menu-title-${section}`} data-testid={`menu-${section}`}>
        <h2 id={`menu-title-${section}`}>{NAMES[section]}</h2>
        <ol className="admin-menu-list" onDragOver={(e) => e.preventDefault()} onDrop={onDrop(section, items.length)}>
          {items.length === 0 && <li className="muted admin-menu-empty">No links. Add one, or drag one here.</li>}
          {items.map((item, i) => {
            const base = `menu-${item.id}`;
            const name = item.title || `link ${i + 1}`;
            const error = (key: 'title' | 'path') => problems[`${item.id}-${key}`];
            return (
              <li
                key={item.id}
                className={dragging?.section === section && dragging.index === i ? 'admin-menu-item dragging' : 'admin-menu-item'}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', item.id);
                  setDragging({ section, index: i });
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={onDrop(section, i)}
                data-testid="menu-item"
              >
                <span className="admin-drag" aria-hidden="true" title="Drag to reorder">
                  ⋮⋮
                </span>
                <div className="admin-menu-fields">
                  <label className="visually-hidden" htmlFor={`${base}-title`}>
                    Title of {NAMES[section].toLowerCase()} link {i + 1}
                  </label>
                  <input
                    id={`${base}-title`}
                    value={item.title}
                    maxLength={60}
                    placeholder="Title"
                    onChange={(e) => update(section, item.id, { title: e.target.value })}
                    aria-invalid={error('title') ? true : undefined}
                    aria-describedby={error('title') ? `${base}-title-error` : undefined}
                  />
                  <label className="visually-hidden" htmlFor={`${base}-path`}>
                    Address of {NAMES[section].toLowerCase()} link {i + 1}
                  </label>
                  <input
                    id={`${base}-path`}
                    value={item.path}
                    maxLength={2000}
                    placeholder="/videos or https://…"
                    onChange={(e) => update(section, item.id, { path: e.target.value })}
                    aria-invalid={error('path') ? true : undefined}
                    aria-describedby={error('path') ? `${base}-path-error` : undefined}
                  />
                  {pages.length > 0 && (
                    <>
                      <label className="visually-hidden" htmlFor={`${base}-page`}>
                        Page for {NAMES[section].toLowerCase()} link {i + 1}
                      </label>
                      <select
                        id={`${base}-page`}
                        value={pages.some((p) => p.path === item.path) ? item.path : ''}
                        onChange={(e) => {
                          const page = pages.find((p) => p.path === e.target.value);
                          if (page) update(section, item.id, { path: page.path, title: item.title.trim() ? item.title : page.title });
                        }}
                        data-testid="menu-page"
                      >
                        <option value="">Pick a page…</option>
                        {[...new Set(pages.map((p) => p.group))].map((group) => (
                          <optgroup key={group} label={group}>
                            {pages
                              .filter((p) => p.group === group)
                              .map((p) => (
                                <option key={p.path} value={p.path}>
                                  {p.title}
                                </option>
                              ))}
                          </optgroup>
                        ))}
                      </select>
                    </>
                  )}
                  <label className="checkbox">
                    <input type="checkbox" checked={item.isNewTab} onChange={(e) => update(section, item.id, { isNewTab: e.target.checked })} /> New tab
                    <span className="visually-hidden"> for {name}</span>
                  </label>
                  {(['title', 'path'] as const).map(
                    (key) =>
                      error(key) && (
                        <small key={key} id={`${base}-${key}-error`} className="field-error">
                          {error(key)}
                        </small>
                      ),
                  )}
                </div>
                <div className="admin-menu-buttons">
                  <button
                    type="button"
                    className="icon-btn"
                    id={`${base}-up`}
                    disabled={i === 0}
                    onClick={() => move(section, i, section, i - 1, `${base}-up`)}
                  >
                    <span aria-hidden="true">↑</span>
                    <span className="visually-hidden">Move {name} up</span>
                  </button>
                  <button
                    type="button"
                    className="icon-btn"
                    id={`${base}-down`}
                    disabled={i === items.length - 1}
                    onClick={() => move(section, i, section, i + 1, `${base}-down`)}
                  >
                    <span aria-hidden="true">↓</span>
                    <span className="visually-hidden">Move {name} down</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    id={`${base}-across`}
                    onClick={() => move(section, i, OTHER[section], lists[OTHER[section]].length, `${base}-across`)}
                  >
                    To {OTHER[section] === 'main' ? 'header' : 'footer'}
                    <span className="visually-hidden">: {name}</span>
                  </button>
                  <button type="button" className="btn btn-ghost text-danger" onClick={() => remove(section, i)}>
                    Remove<span className="visually-hidden"> {name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn btn-ghost" id={`menu-add-${section}`} onClick={() => add(section)}>
          Add a link to the {NAMES[section].toLowerCase()}
        </button>
      </section>
    );
  }

  return (
    <form method="post" className="admin-settings" onSubmit={save} noValidate data-dirty={dirty || undefined} data-testid="menus-form">
      {(summary || serverError) && (
        <div className="alert alert-error" role="alert">
          {serverError ?? summary}
        </div>
      )}
      {list('main')}
      {list('footer')}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      <div className="actions admin-save-bar">
        <button type="submit" className="btn btn-primary" disabled={state.status === 'loading'} aria-busy={state.status === 'loading'} data-testid="menus-save">
          {state.status === 'loading' ? 'Saving…' : 'Save menus'}
        </button>
        {dirty && <span className="muted">Unsaved changes</span>}
      </div>
    </form>
  );
}
