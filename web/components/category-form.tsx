import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { ACCESS, type Access } from '../../schema/enums.ts';
import { categoryTitle, LIMITS } from '../../sync/library-fields.ts';
import { trimInput } from '../../sync/validation-rules.ts';
import { categoryMessages } from '../messages/category.ts';
import { offlineMessages } from '../messages/offline.ts';
import { messages } from '../messages.ts';
import { CrossedChoice } from '../offline/sync-status.tsx';
import type { Crossed } from '../offline/use-write.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { ErrorAlert } from './modal-dialog.tsx';
import { PictureField } from './picture-field.tsx';

const m = categoryMessages;

export type CategoryValues = {
  title: string;
  parentId: string | null;
  access: Access;
  hidden: boolean;
  photoId: string | null;
};

type Option = { id: string; title: string; parentId: string | null };

/** Options of the parent select, indented by depth, without `excludeId` and what is inside it. */
function parentOptions(all: readonly Option[], excludeId?: string) {
  const byParent = new Map<string | null, Option[]>();
  for (const c of all) {
    const list = byParent.get(c.parentId) ?? [];
    list.push(c);
    byParent.set(c.parentId, list);
  }
  const ids = new Set(all.map((c) => c.id));
  const out: { id: string; label: string }[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string | null, depth: number) => {
    const list = [...(byParent.get(parentId) ?? [])].sort((a, b) =>
      a.title.localeCompare(b.title, 'en-NZ'),
    );
    for (const c of list) {
      if (c.id === excludeId || seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ id: c.id, label: `${'\u2014 '.repeat(depth)}${c.title}` });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  // Categories whose parent the reader cannot see still get an option.
  for (const c of all) {
    if (c.parentId && !ids.has(c.parentId) && c.id !== excludeId && !seen.has(c.id)) {
      seen.add(c.id);
      out.push({ id: c.id, label: c.title });
      walk(c.id, 1);
    }
  }
  return out;
}

/** The create and edit form of a category (spec §2 categories/create and /edit). */
export function CategoryForm({
  personId,
  heading,
  initial,
  categories,
  selfId,
  submitLabel,
  savingLabel,
  onSubmit,
  cancel,
  allowedAccess = ACCESS,
}: {
  /** What the caller may share at (a supporter: what their level reads). */
  allowedAccess?: readonly Access[];
  /** Whose library: the photo is uploaded there. */
  personId: string;
  heading: string;
  initial: CategoryValues;
  categories: readonly Option[];
  /** When editing: this category, which cannot be its own parent. */
  selfId?: string;
  submitLabel: string;
  savingLabel: string;
  /**
   * Resolves to undefined on success, else an error message, or edits that
   * crossed (both values are shown, and the person chooses).
   */
  onSubmit: (values: CategoryValues) => Promise<string | Crossed | undefined>;
  cancel: ReactNode;
}) {
  const baseId = useId();
  const [values, setValues] = useState<CategoryValues>(initial);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [crossed, setCrossed] = useState<Crossed | undefined>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const options = useMemo(() => parentOptions(categories, selfId), [categories, selfId]);
  // A preselected parent the reader can no longer see falls back to None.
  const parentKnown = values.parentId === null || options.some((o) => o.id === values.parentId);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const title = categoryTitle.safeParse(values.title);
    if (!title.success) {
      setTitleError(title.error.issues[0]?.message ?? messages.errors.generic);
      document.getElementById(`${baseId}-title`)?.focus();
      return;
    }
    setTitleError(undefined);
    setError(undefined);
    setCrossed(undefined);
    setSaving(true);
    const failed = await onSubmit({
      ...values,
      title: title.data,
      parentId: parentKnown ? values.parentId : null,
    });
    if (failed === undefined) return;
    setSaving(false);
    if (typeof failed === 'string') setError(failed);
    else setCrossed(failed);
  }

  /** Keep mine: saved again over theirs. Keep the saved one: the form shows theirs. */
  function decide(keep: 'mine' | 'theirs') {
    const theirs = crossed?.theirs ?? {};
    setCrossed(undefined);
    if (keep === 'mine') {
      void submit();
      return;
    }
    setValues((v) => ({
      ...v,
      ...(Object.fromEntries(
        Object.entries(theirs).filter(([k]) => k in v),
      ) as Partial<CategoryValues>),
    }));
  }
  const categoryName = (id: string) =>
    categories.find((c) => c.id === id)?.title ?? offlineMessages.aCategory;

  const titleId = `${baseId}-title`;
  const parentId = `${baseId}-parent`;
  const hiddenId = `${baseId}-hidden`;
  return (
    <form className="card category-form" onSubmit={submit} noValidate>
      <h1>{heading}</h1>
      <ErrorAlert message={error} />
      <CrossedChoice crossed={crossed} onDecide={decide} names={categoryName} />
      <div className="field">
        <label htmlFor={titleId}>{m.name}</label>
        <p id={`${titleId}-help`} className="hint">
          {m.nameHelp(LIMITS.categoryTitle)}
        </p>
        <input
          id={titleId}
          type="text"
          name="title"
          required
          aria-required="true"
          maxLength={LIMITS.categoryTitle}
          autoComplete="off"
          value={values.title}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={`${titleId}-help${titleError ? ` ${titleId}-error` : ''}`}
          onChange={(e) => setValues({ ...values, title: e.target.value })}
          onBlur={(e) => setValues({ ...values, title: trimInput(e.target.value) })}
        />
        {titleError ? (
          <p id={`${titleId}-error`} className="field-error">
            {titleError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={parentId}>{m.parent}</label>
        <p id={`${parentId}-help`} className="hint">
          {m.parentHelp}
        </p>
        <select
          id={parentId}
          name="parentId"
          aria-describedby={`${parentId}-help`}
          value={parentKnown ? (values.parentId ?? '') : ''}
          onChange={(e) => setValues({ ...values, parentId: e.target.value || null })}
        >
          <option value="">{m.parentNone}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <ChoiceGroup
        legend={m.accessLegend}
        name="access"
        value={values.access}
        onChange={(a) => setValues({ ...values, access: a })}
        choices={ACCESS.map((a) => ({
          value: a,
          label: m.access[a],
          description: allowedAccess.includes(a) ? m.accessHelp[a] : m.accessNotYours,
          disabled: !allowedAccess.includes(a),
        }))}
      />
      <div className="field checkbox">
        <input
          id={hiddenId}
          type="checkbox"
          name="hidden"
          checked={values.hidden}
          aria-describedby={`${hiddenId}-help`}
          onChange={(e) => setValues({ ...values, hidden: e.target.checked })}
        />
        <div>
          <label htmlFor={hiddenId}>{m.hidden}</label>
          <p id={`${hiddenId}-help`} className="hint">
            {m.hiddenHelp}
          </p>
        </div>
      </div>
      <PictureField
        personId={personId}
        label={m.photo}
        hint={m.photoHelp}
        value={values.photoId}
        onChange={(photoId) => setValues((v) => ({ ...v, photoId }))}
        target={{ purpose: 'photo' }}
        onBusy={setUploading}
      />
      <div className="actions">
        <button type="submit" disabled={saving || uploading}>
          {saving ? savingLabel : submitLabel}
        </button>
        {cancel}
      </div>
    </form>
  );
}

/**
 * What a category page shows while its category is not there: an error, the
 * not-found text with a way back (never saying whether it exists), or loading.
 */
export function CategoryMissing({
  personId,
  state,
}: {
  personId: string;
  state: 'error' | 'complete' | 'unknown';
}) {
  if (state === 'error') {
    return (
      <p role="alert" className="alert">
        {messages.errors.generic}
      </p>
    );
  }
  return state === 'complete' ? (
    <div className="card">
      <h1>{m.notFound}</h1>
      <CategoryButton personId={personId}>{m.backToCategories}</CategoryButton>
    </div>
  ) : (
    <p className="status" role="status">
      {m.loading}
    </p>
  );
}

/** A secondary button to the category `id`, or to the list of categories without one. */
export function CategoryButton({
  personId,
  id,
  children,
}: {
  personId: string;
  id?: string | undefined;
  children: string;
}) {
  return id ? (
    <Link
      className="button secondary"
      to="/people/$personId/preferences/categories/$id"
      params={{ personId, id }}
    >
      {children}
    </Link>
  ) : (
    <Link
      className="button secondary"
      to="/people/$personId/preferences/categories"
      params={{ personId }}
    >
      {children}
    </Link>
  );
}

/** Once a category is saved: its own page, in place of the form. */
export function useShowCategory(personId: string) {
  const navigate = useNavigate();
  return (id: string) =>
    navigate({
      to: '/people/$personId/preferences/categories/$id',
      params: { personId, id },
      replace: true,
    });
}
