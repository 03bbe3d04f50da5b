// The outcome of an action, where assistive technology hears it: successes in a status region,
// failures in an alert. Both regions exist from the first render, because text put into a region
// is announced while a region that appears with its text often is not; a new notice gets a new
// key, so the same message twice is announced twice.
import { useCallback, useState } from 'react';

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
  id: number;
}

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = useCallback(
    (kind: Notice['kind'], text: string) => setNotice((prev) => ({ kind, text, id: (prev?.id ?? 0) + 1 })),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, say, clear };
}

export function Feedback({ notice }: { notice: Notice | null }) {
  return (
    <div className="team-feedback">
      <div role="status">
        {notice?.kind === 'ok' && (
          <p key={notice.id} className="team-ok">
            {notice.text}
          </p>
        )}
      </div>
      <div role="alert">
        {notice?.kind === 'error' && (
          <p key={notice.id} className="form-error">
            {notice.text}
          </p>
        )}
      </div>
    </div>
  );
}
