import { DATASET_FORMATS, type DatasetFormat } from '@contracts/dataset-formats';
import { useId } from 'react';
import './format-select.css';

interface FormatSelectProps {
  value: DatasetFormat;
  onChange: (format: DatasetFormat) => void;
  /** Names what the choice is for, for screen readers ("File format, Orange County, Florida"). */
  label?: string;
  disabled?: boolean;
}

/**
 * The file format a download comes in: a native, labelled select (keyboard and screen readers know it
 * as is), listing exactly the formats of the shared contract, CSV first.
 */
export function FormatSelect({ value, onChange, label = 'File format', disabled }: FormatSelectProps) {
  const id = useId();
  const descriptionId = useId();
  const chosen = DATASET_FORMATS.find((format) => format.id === value);
  return (
    <div className="format-select">
      <label htmlFor={id} className="format-select__label">
        {label}
      </label>
      <select
        id={id}
        className="format-select__control"
        value={value}
        disabled={disabled}
        aria-describedby={descriptionId}
        onChange={(event) => onChange(event.target.value as DatasetFormat)}
      >
        {DATASET_FORMATS.map((format) => (
          <option key={format.id} value={format.id}>
            {format.name} ({format.extension})
          </option>
        ))}
      </select>
      <p id={descriptionId} className="format-select__description">
        {chosen?.description}
      </p>
    </div>
  );
}
