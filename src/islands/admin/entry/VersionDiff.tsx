// Two versions of an entry side by side as lines of text: its config as indented JSON, then its HTML.
// Removed lines are <del>, added ones <ins>, so the difference is not told by colour alone.
import { diffLines } from 'diff';

interface Snapshot {
  config: unknown;
  content: string | null;
}

const asText = (s: Snapshot | null) => (s === null ? '' : `${JSON.stringify(s.config, null, 2)}\n${s.content ?? ''}\n`);

export function VersionDiff({
  from,
  to,
  labels,
}: {
  from: Snapshot | null;
  to: Snapshot | null;
  labels: { added: string; removed: string; none: string };
}) {
  const parts = diffLines(asText(from), asText(to));
  if (parts.every((p) => !p.added && !p.removed)) return <p>{labels.none}</p>;
  return (
    <pre className="admin-diff">
      {parts.map((part, i) => {
        if (part.added)
          return (
            <ins key={i} aria-label={labels.added}>
              {part.value}
            </ins>
          );
        if (part.removed)
          return (
            <del key={i} aria-label={labels.removed}>
              {part.value}
            </del>
          );
        // Long unchanged stretches are cut to their edges: the change is what matters.
        const lines = part.value.split('\n');
        return (
          <span key={i}>
            {lines.length > 8 ? [...lines.slice(0, 3), '…', ...lines.slice(-4)].join('\n') : part.value}
          </span>
        );
      })}
    </pre>
  );
}
