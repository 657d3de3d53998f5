import type { ReactNode } from 'react';
import { Button } from '@portal/shared';
import { Dialog } from '@portal/shared/payments';
import forms from '../forms.module.css';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that cannot be undone (deleting a card, signing a device out): confirm or cancel. */
export function ConfirmDialog({ title, children, confirm, cancel, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{children}</p>
      <div className={forms.actions}>
        <Button onClick={onConfirm}>{confirm}</Button>
        <Button variant="secondary" onClick={onClose}>
          {cancel}
        </Button>
      </div>
    </Dialog>
  );
}
