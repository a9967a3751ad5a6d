/** The `<option>`s of a select whose values are also their visible text (statuses, tones, frequencies). */
export function Options({ values }: { values: readonly string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}
