import { Alert, Button, useSubmit } from '@portal/shared';
import { CUSTOMER_TEXTS } from './texts';

/** A button that sends once at a time and reports its failure beside it. */
export function SendButton({
  label,
  ariaLabel,
  send,
  done,
  variant = 'secondary',
}: {
  label: string;
  ariaLabel?: string;
  send: () => Promise<unknown>;
  done: () => void;
  variant?: 'secondary' | 'primary';
}) {
  const submit = useSubmit(CUSTOMER_TEXTS.actionFailed);
  return (
    <>
      <Button
        variant={variant}
        disabled={submit.busy}
        aria-label={ariaLabel}
        onClick={() =>
          void submit.run(
            async () => {
              await send();
              done();
            },
            { settle: true },
          )
        }
      >
        {label}
      </Button>
      {submit.error && <Alert kind="error">{submit.error}</Alert>}
    </>
  );
}
