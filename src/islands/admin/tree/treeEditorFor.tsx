// The tree editor of an entry, if it has one: the menu block's entries, the footer block's columns.
// Each takes the whole config and changes only the field it owns.
import type { ComponentType } from 'react';
import type { AdminLocale } from '#lib/admin/messages.ts';
import { FooterTree } from './FooterTree.tsx';
import { MenuTree } from './MenuTree.tsx';
import type { TreeEditorProps } from './tree-editors.ts';

type Config = Record<string, unknown>;
interface ConfigEditorProps {
  config: unknown;
  onChange(config: Config): void;
  locale: AdminLocale;
  issues: Readonly<Record<string, string>>;
}
export interface TreeEditor {
  field: string;
  Editor: ComponentType<ConfigEditorProps>;
}

function owning(field: string, Tree: ComponentType<TreeEditorProps>): TreeEditor {
  const Editor = ({ config, onChange, ...rest }: ConfigEditorProps) => (
    <Tree
      value={(config as Config)[field]}
      onChange={(next) => onChange({ ...(config as Config), [field]: next })}
      {...rest}
    />
  );
  return { field, Editor };
}

// Made once: a component made per render would start afresh on every keystroke.
const EDITORS: Record<string, TreeEditor> = {
  menu: owning('entries', MenuTree),
  footer: owning('columns', FooterTree),
};

export function treeEditorFor(type: string, identifier: string): TreeEditor | null {
  return type === 'block' ? (EDITORS[identifier] ?? null) : null;
}
