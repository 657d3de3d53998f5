import {
  Alert,
  Button,
  Page,
  TextField,
  calls,
  changePinRequestSchema,
  PIN_REFUSALS,
  type ApiError,
  panelClass,
  paths,
  pinSchema,
  useForm,
  useNavigate,
  messages,
  formRules,
} from '@portal/shared';
import { PIN_TEXTS, TITLES } from '../texts';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** The change-pin request and the new PIN typed twice (product.md §5, PIN). */
const changePinForm = formRules
  .extend(changePinRequestSchema, { confirm: pinSchema })
  .check(formRules.refine((form) => form.newPin === form.confirm, { path: ['confirm'], message: PIN_TEXTS.mismatch }));

/**
 * product.md §8: a wrong old PIN is the old PIN field's ('Uneseni PIN je netačan'), the lock explains
 * itself there; any other failure is the form's. Told apart by the answer's code (PIN_REFUSALS).
 */
function explainPinFailure(failure: ApiError): { field: 'oldPin' | 'form'; text: string } {
  if (failure.code === PIN_REFUSALS.wrong) return { field: 'oldPin', text: PIN_TEXTS.wrong };
  if (failure.code === PIN_REFUSALS.locked) return { field: 'oldPin', text: failure.serverMessage ?? PIN_TEXTS.wrong };
  return { field: 'form', text: PIN_TEXTS.failed };
}

/**
 * `/nalog/promijeni-pin` (product.md §2, §5): one call, change-pin, checks the old PIN and saves the
 * new one, so the old PIN counts once against the lock (docs/architecture.md, the worked example).
 */
export function ChangePinPage() {
  const navigate = useNavigate();
  const form = useForm({
    schema: changePinForm,
    initial: { oldPin: '', newPin: '', confirm: '' },
    keep: { oldPin: digitsOnly, newPin: digitsOnly, confirm: digitsOnly },
    explain: explainPinFailure,
    send: async ({ oldPin, newPin }) => {
      await calls.changePin({ body: { oldPin, newPin } });
      void navigate(paths.changePinDone.href());
    },
  });
  const failure = typeof form.failure === 'object' ? form.failure : null;

  const pinField = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 4,
    pattern: '[0-9]*',
  } as const;
  const oldPin = form.field('oldPin');
  return (
    <Page title={TITLES.changePin} narrow>
      <form className={panelClass()} onSubmit={form.onSubmit} noValidate>
        <TextField
          label={PIN_TEXTS.old}
          {...pinField}
          {...oldPin}
          error={failure?.field === 'oldPin' ? failure.text : oldPin.error}
        />
        <TextField label={PIN_TEXTS.new} {...pinField} {...form.field('newPin')} />
        <TextField label={PIN_TEXTS.confirm} {...pinField} {...form.field('confirm')} />
        {failure?.field === 'form' && <Alert kind="error">{failure.text}</Alert>}
        <Button type="submit" block disabled={form.busy} aria-disabled={form.busy}>
          {form.busy ? messages.saving : PIN_TEXTS.submit}
        </Button>
      </form>
    </Page>
  );
}
