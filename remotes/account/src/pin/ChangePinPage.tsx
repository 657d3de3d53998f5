import {
  Alert,
  Button,
  Page,
  TextField,
  calls,
  changePinRequestSchema,
  endpoints,
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

/** `/nalog/promijeni-pin` (product.md §2, §5): the old PIN is verified with check-pin, then the new one is saved. */
export function ChangePinPage() {
  const navigate = useNavigate();
  const form = useForm({
    schema: changePinForm,
    initial: { oldPin: '', newPin: '', confirm: '' },
    keep: { oldPin: digitsOnly, newPin: digitsOnly, confirm: digitsOnly },
    // product.md §8: any failed check means a wrong PIN (a lockout explains itself); a failed change is the form's.
    explain: (failure): { field: 'oldPin' | 'form'; text: string } =>
      failure.url === endpoints.checkPin.path
        ? {
            field: 'oldPin',
            text: failure.status === 429 && failure.serverMessage ? failure.serverMessage : PIN_TEXTS.wrong,
          }
        : { field: 'form', text: PIN_TEXTS.failed },
    send: async ({ oldPin, newPin }) => {
      await calls.checkPin({ body: { pin: oldPin } });
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
