import { useState, type ReactNode } from 'react';
import type { Path } from '#lib/admin/form-model.ts';
import { hasIssueWithin, type FormContext } from './form-context.ts';

interface ItemDetailsProps {
  ctx: FormContext;
  path: Path;
  summary: string;
  /** A new item (nothing to name it by yet) or a small one starts open. */
  startOpen: boolean;
  children: ReactNode;
}

/**
 * A foldable item. It starts open when asked to or when it holds an error, and opens again when a later
 * check finds one inside; otherwise the editor's own folding is kept.
 */
export function ItemDetails({ ctx, path, summary, startOpen, children }: ItemDetailsProps) {
  const hasIssue = hasIssueWithin(ctx, path);
  const [open, setOpen] = useState(() => hasIssue || startOpen);
  const [hadIssue, setHadIssue] = useState(hasIssue);
  if (hasIssue !== hadIssue) {
    setHadIssue(hasIssue);
    if (hasIssue) setOpen(true);
  }
  return (
    <details className="sf-details" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
