/**
 * Step 2 of a preference, categories: the person's categories as a tree of checkboxes.
 */
import { type ReactNode, useId } from 'react';
import type { Access } from '../../../schema/enums.ts';
import { useCategories } from '../../hooks/use-library-queries.ts';
import { preferenceFormMessages } from '../../messages/preference-form.ts';
import { describedBy, FieldError, type StepProps, StepSection } from './step-parts.tsx';

const t = preferenceFormMessages;

export type CategoryRow = {
  id: string;
  title: string;
  parentId: string | null;
  access: Access;
  hidden: boolean;
};
export type CategoryNode = { category: CategoryRow; children: CategoryNode[] };

/** The person's non-hidden categories as a tree (a child of a hidden one moves up). */
export function categoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const byId = new Map(rows.map((c) => [c.id, c]));
  const visibleParent = (c: CategoryRow): string | null => {
    let parent = c.parentId ? byId.get(c.parentId) : undefined;
    const seen = new Set<string>();
    while (parent?.hidden && !seen.has(parent.id)) {
      seen.add(parent.id);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return parent && !parent.hidden ? parent.id : null;
  };
  const children = new Map<string | null, CategoryRow[]>();
  for (const c of rows) {
    if (c.hidden) continue;
    const p = visibleParent(c);
    children.set(p, [...(children.get(p) ?? []), c]);
  }
  const build = (parent: string | null, depth: number): CategoryNode[] =>
    (children.get(parent) ?? []).map((category) => ({
      category,
      children: depth < 8 ? build(category.id, depth + 1) : [],
    }));
  return build(null, 0);
}

/** Step 2: the categories it belongs in (at least one). */
export function CategoriesStep({
  personId,
  fields,
  onChange,
  errors,
}: StepProps & { personId: string }) {
  const id = useId();
  const { categories: rows, details } = useCategories(personId);
  const tree = categoryTree(rows);
  const selected = new Set(fields.categoryIds);
  const errorId = `${id}-error`;
  let first = true;

  function toggle(categoryId: string, on: boolean) {
    const next = fields.categoryIds.filter((c) => c !== categoryId);
    onChange({ categoryIds: on ? [...next, categoryId] : next });
  }

  const renderNodes = (nodes: CategoryNode[]): ReactNode => (
    <ul className="pf-categories">
      {nodes.map(({ category, children }) => {
        const isFirst = first;
        first = false;
        return (
          <li key={category.id}>
            <div className="pf-check">
              <input
                id={`${id}-${category.id}`}
                type="checkbox"
                data-field={isFirst ? 'categoryIds' : undefined}
                checked={selected.has(category.id)}
                aria-invalid={errors.categoryIds ? true : undefined}
                aria-describedby={describedBy(errors.categoryIds && errorId)}
                onChange={(e) => toggle(category.id, e.target.checked)}
              />
              <label htmlFor={`${id}-${category.id}`}>
                {category.title}
                {category.access === 'Restricted' ? (
                  <span className="tag">{t.restrictedTag}</span>
                ) : null}
              </label>
            </div>
            {children.length > 0 ? renderNodes(children) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <StepSection title={t.stepTitles[1]} presence={'categories'}>
      <fieldset
        className="pf-group"
        aria-describedby={describedBy(`${id}-help`, errors.categoryIds && errorId)}
      >
        <legend>{t.categoriesLegend}</legend>
        <p id={`${id}-help`} className="pf-help">
          {t.categoriesHelp}
        </p>
        {tree.length > 0 ? (
          renderNodes(tree)
        ) : details.type === 'complete' ? (
          <p>{t.categoriesEmpty}</p>
        ) : (
          <p role="status" className="status">
            {t.categoriesLoading}
          </p>
        )}
        <FieldError id={errorId} error={errors.categoryIds} />
      </fieldset>
    </StepSection>
  );
}

/** Step 3: who in the circle can see it. */
