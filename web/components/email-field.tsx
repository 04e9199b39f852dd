import { validationMessages } from '../../sync/validation-rules.ts';

/**
 * An email address field (spec §5): checked as an address, with the words
 * that say what one looks like, and trimmed when the field is left.
 */
export function EmailField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  maxLength?: number | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="email"
        autoComplete={autoComplete}
        maxLength={maxLength}
        title={validationMessages.emailTitle}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => onChange(e.target.value.trim())}
        required
      />
    </div>
  );
}
