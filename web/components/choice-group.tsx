import { type ReactNode, type Ref, useId } from 'react';

/** One choice of a ChoiceGroup: its value, its title, and what it means (optional). */
export type Choice<T extends string> = {
  value: T;
  label: ReactNode;
  description?: ReactNode | undefined;
  /** Shown but not to be chosen (its description says why). */
  disabled?: boolean | undefined;
};

/**
 * A group of radio choices, the one look of every "choose one" in the app:
 * each choice is a row of at least 44 px that is one target (its title and
 * its description inside, apart), with a 24 px radio; the chosen row is
 * marked by more than colour (a thicker border). The radio's name is the
 * title alone and its description is its description, so a screen reader
 * says "General, radio button, 1 of 3, Sees and edits…", not one run-on
 * sentence. `size="large"`: big answers side by side (the check-in survey).
 * `error`: said with the group (a live alert) and tied to it.
 */
export function ChoiceGroup<T extends string>({
  legend,
  hint,
  choices,
  value,
  onChange,
  name,
  size = 'normal',
  layout = 'list',
  error,
  legendClassName,
  disabled = false,
  firstRef,
  children,
  id: givenId,
}: {
  legend: ReactNode;
  hint?: ReactNode | undefined;
  choices: readonly Choice<T>[];
  value: T | null | undefined;
  onChange: (value: T) => void;
  /** The radios' shared name; one of its own when not given. */
  name?: string | undefined;
  size?: 'normal' | 'large';
  /** `tiles`: choices side by side where they fit (short ones: feelings, filters). */
  layout?: 'list' | 'tiles';
  error?: string | undefined;
  /** For a legend that is the page's question (the survey): its heading look. */
  legendClassName?: string | undefined;
  disabled?: boolean;
  /** The first radio, for moving focus to the group on an error. */
  firstRef?: Ref<HTMLInputElement> | undefined;
  /** What belongs to the group after its choices (a free-text "Other"). */
  children?: ReactNode | undefined;
  /** The group's id, its radios' ids `${id}-${value}` (to move focus to one by id). */
  id?: string | undefined;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const groupName = name ?? `${id}-choice`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`choice-group${size === 'large' ? ' is-large' : ''}${layout === 'tiles' ? ' is-tiles' : ''}`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className={legendClassName}>{legend}</legend>
      {hint ? (
        <p id={hintId} className="choice-hint">
          {hint}
        </p>
      ) : null}
      {/* Always in the page, so that its words are announced when they come. */}
      <p id={`${id}-error`} role="alert" className="choice-error">
        {error ?? ''}
      </p>
      <div className="choices">
        {choices.map((c, i) => {
          const inputId = `${id}-${c.value}`;
          const titleId = `${inputId}-title`;
          const descriptionId = c.description ? `${inputId}-description` : undefined;
          return (
            <label key={c.value} className="choice" htmlFor={inputId}>
              <input
                ref={i === 0 ? firstRef : undefined}
                id={inputId}
                type="radio"
                name={groupName}
                value={c.value}
                checked={value === c.value}
                disabled={disabled || c.disabled === true}
                aria-labelledby={titleId}
                aria-describedby={descriptionId}
                onChange={() => onChange(c.value)}
              />
              <span className="choice-text">
                <span id={titleId} className="choice-title">
                  {c.label}
                </span>
                {c.description ? (
                  <span id={descriptionId} className="choice-description">
                    {c.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}
