import type { PricingResponse } from '@cc/contract';
import {
  CALL_DISCOUNT_UPDATE_CANCELLED,
  MAX_EDITED_ROUND_PRICE,
  PREPAY_DISCOUNT_UPDATE_CANCELLED,
  PRICE_UPDATE_CANCELLED,
  ROUND_COUNT_UPDATE_CANCELLED,
  type Quote,
} from '@cc/domain';
import { centsOf, withEdits, type PricingDraft } from '../model';
import { EditValueDialog } from './EditValueDialog';

/** Which of the pricing tab's edit dialogs is open. */
export type EditDialog = 'rounds' | 'price' | 'call' | 'prepay' | null;

/**
 * The pricing tab's four edits (spec: Edit Lawn Care Round Count, Edit Lawn Care Price, Edit Call Discount, Edit
 * Prepay Discount): each saves the draft with its edit, and a cancel says so in the spec's words.
 */
export function PricingEditDialogs({
  dialog,
  lawn,
  quote,
  draft,
  onSave,
  onCancel,
}: {
  dialog: EditDialog;
  /** The selected lawn program: its rounds and price can be edited only while one is selected. */
  lawn: PricingResponse['lawnPrograms'][number] | null;
  quote: Quote;
  draft: PricingDraft;
  onSave: (draft: PricingDraft) => void;
  onCancel: (message: string) => void;
}) {
  return (
    <>
      <EditValueDialog
        opened={dialog === 'rounds' && lawn !== null}
        title="Edit Lawn Care Round Count"
        label="Rounds"
        current={quote.rounds?.sold ?? 1}
        min={1}
        max={lawn?.TotalRounds ?? 1}
        decimals={0}
        hint={lawn ? `From 1 to the ${lawn.TotalRounds} rounds of the ${lawn.ServiceName}.` : undefined}
        onSave={(roundCount) => {
          onSave(withEdits(draft, { roundCount }));
        }}
        onCancel={() => onCancel(ROUND_COUNT_UPDATE_CANCELLED)}
        data-testid="edit-rounds-dialog"
      />
      <EditValueDialog
        opened={dialog === 'price' && lawn !== null}
        title="Edit Lawn Care Price"
        label="Price of one round"
        current={(quote.lines.find((l) => l.kind === 'lawn')?.unitPrice ?? lawn?.FinalPrice ?? 0) / 100}
        min={0}
        max={MAX_EDITED_ROUND_PRICE / 100}
        decimals={2}
        prefix="$"
        onSave={(dollars) => {
          onSave(withEdits(draft, { lawnPrice: centsOf(dollars) }));
        }}
        onCancel={() => onCancel(PRICE_UPDATE_CANCELLED)}
        data-testid="edit-price-dialog"
      />
      <EditValueDialog
        opened={dialog === 'call'}
        title="Edit Call Discount"
        label="Call discount"
        current={quote.rates.callDiscountPercent}
        min={0}
        max={100}
        decimals={2}
        suffix="%"
        onSave={(callDiscountPercent) => {
          onSave(withEdits(draft, { callDiscountPercent }));
        }}
        onCancel={() => onCancel(CALL_DISCOUNT_UPDATE_CANCELLED)}
        data-testid="edit-call-discount-dialog"
      />
      <EditValueDialog
        opened={dialog === 'prepay'}
        title="Edit Prepay Discount"
        label="Prepay discount"
        current={quote.rates.prepayPercent}
        min={0}
        max={100}
        decimals={2}
        suffix="%"
        onSave={(prepayPercent) => {
          onSave(withEdits(draft, { prepayPercent }));
        }}
        onCancel={() => onCancel(PREPAY_DISCOUNT_UPDATE_CANCELLED)}
        data-testid="edit-prepay-dialog"
      />
    </>
  );
}
