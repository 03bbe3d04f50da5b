// The Approvals page's table (TanStack Table): the company's orders waiting for approval with buyer,
// total and why they wait, and per row a plain form (comment, Approve, Reject) that posts to the page, so
// it works without any script; the page renders it on the server and ships no JavaScript for it.
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { BodyCells } from './BodyCells.tsx';

const approvalFeatures = tableFeatures({});

export interface ApprovalTableRow {
  id: string;
  number: string;
  href: string;
  date: string;
  dateIso: string;
  buyer: string;
  total: string;
  reasons: string[];
  mayDecide: boolean;
  /** What was typed into a refused form, and the reason it was refused. */
  comment: string;
  error: string | null;
}

export interface ApprovalsTableProps {
  rows: ApprovalTableRow[];
  action: string;
  strings: Record<
    'order' | 'buyer' | 'total' | 'reasons' | 'decision' | 'comment' | 'approve' | 'reject' | 'ownOrder',
    string
  >;
}

function DecisionForm({
  row,
  action,
  strings,
}: {
  row: ApprovalTableRow;
  action: string;
  strings: ApprovalsTableProps['strings'];
}) {
  if (!row.mayDecide) return <p>{strings.ownOrder}</p>;
  const field = `approval-comment-${row.id}`;
  const error = `${field}-error`;
  return (
    <form method="post" action={action} className="approval-form">
      <input type="hidden" name="orderId" value={row.id} />
      <label htmlFor={field}>{strings.comment}</label>
      <textarea
        id={field}
        name="comment"
        rows={2}
        maxLength={1000}
        defaultValue={row.comment}
        aria-invalid={row.error ? true : undefined}
        aria-describedby={row.error ? error : undefined}
      />
      {row.error && (
        <p id={error} className="field-error" role="alert">
          {row.error}
        </p>
      )}
      <div className="approval-actions">
        <button type="submit" name="decision" value="approved" className="button primary">
          {strings.approve}
        </button>
        <button type="submit" name="decision" value="rejected" className="button secondary">
          {strings.reject}
        </button>
      </div>
    </form>
  );
}

export function ApprovalsTable({ rows, action, strings }: ApprovalsTableProps) {
  const columns: ColumnDef<typeof approvalFeatures, ApprovalTableRow>[] = [
    {
      id: 'order',
      header: strings.order,
      cell: ({ row }) => (
        <>
          <a href={row.original.href}>{row.original.number}</a>
          <br />
          <time dateTime={row.original.dateIso}>{row.original.date}</time>
        </>
      ),
    },
    { id: 'buyer', header: strings.buyer, cell: ({ row }) => row.original.buyer },
    { id: 'total', header: strings.total, cell: ({ row }) => row.original.total },
    {
      id: 'reasons',
      header: strings.reasons,
      cell: ({ row }) => (
        <ul className="approval-reasons">
          {row.original.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ),
    },
    {
      id: 'decision',
      header: strings.decision,
      cell: ({ row }) => <DecisionForm row={row.original} action={action} strings={strings} />,
    },
  ];
  const table = useTable({ features: approvalFeatures, columns, data: rows, getRowId: (row) => row.id });
  return (
    <div className="order-list-wrap">
      <table className="order-list approvals" aria-labelledby="approvals-title">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={`approvals-col-${header.column.id}`}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              <BodyCells
                cells={row.getAllCells()}
                rowHeader="order"
                prefix="approvals-col-"
                render={(cell) => <table.FlexRender cell={cell} />}
              />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
