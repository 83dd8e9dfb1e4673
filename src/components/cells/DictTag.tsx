import { observer } from 'mobx-react-lite';
import type { Option } from '../crud/types';
import { useStore } from '../store-context';
import { UNAVAILABLE } from './text';
import { tagSeverity, tagType } from './colors';
import { LightTag } from './LightTag';

/** Finds the option of a value; values compare as text ('1' matches 1, 'true' matches true). */
export function findOption(options: readonly Option[], value: unknown): Option | undefined {
  return options.find((option) => option.value === value) ?? options.find((option) => String(option.value) === String(value));
}

/**
 * A value shown as the tag of its dictionary entry (or given options), coloured by spec §4. Only a
 * dictionary tag observes the store: a page of 100 rows holds hundreds of option tags, and a MobX
 * reaction for each would be work for nothing.
 */
export function DictTag({ value, dict, options }: { value: unknown; dict?: string; options?: readonly Option[] }) {
  if (options || !dict) return <Tags value={value} list={options ?? []} />;
  return <StoreDictTag value={value} dict={dict} />;
}

const StoreDictTag = observer(function StoreDictTag({ value, dict }: { value: unknown; dict: string }) {
  const root = useStore();
  return <Tags value={value} list={root.dictionary.get(dict)} />;
});

function Tags({ value, list }: { value: unknown; list: readonly Option[] }) {
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  if (values.length === 0 || values.every((v) => v === null || v === undefined || v === '')) {
    return <span className="cell-empty">{UNAVAILABLE}</span>;
  }
  return (
    <span className="cell-array">
      {values.map((v, index) => {
        const option = findOption(list, v);
        const type = tagType(option?.value ?? v, option?.color);
        return <LightTag key={index} value={option?.label ?? String(v)} severity={tagSeverity(type)} testId="dict-tag" type={type} />;
      })}
    </span>
  );
}
