import { Modal } from '@mantine/core';
import type { PaymentMethod } from '@reach/contract/payments';
import { toast } from '../../lib/toast';
import { AddCardForm } from './add-card-form';
import { cardLabel } from './card-brand-icon';

/** "Add a card" as a dialog. */
export function AddCardModal({
  opened,
  onClose,
  canChooseDefault,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  canChooseDefault: boolean;
  onSaved?: (card: PaymentMethod) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a card" centered size="md">
      <AddCardForm
        canChooseDefault={canChooseDefault}
        onCancel={onClose}
        onSaved={(card) => {
          toast.success(`${cardLabel(card)} saved${card.is_default ? ' as your default card' : ''}.`);
          onSaved?.(card);
          onClose();
        }}
      />
    </Modal>
  );
}
