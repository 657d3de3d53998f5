import { calls, formatDate, formatKM } from '@portal/shared';
import {
  priceChangeRequestSchema,
  promoEndRequestSchema,
  promoFormSchema,
  type Campaign,
  type PackagePrices,
  type PricesOverview,
} from '@portal/shared/contract/support';
import { staffCall } from '../api/staffClient';
import { ActionDialog } from '../ui/ActionDialog';
import { PRICES_TEXTS } from './texts';
import { DIALOG_TEXTS } from '../ui/texts';

const T = PRICES_TEXTS;
const D = DIALOG_TEXTS;

/** The admins' three changes, each for one package. */
export type OpenDialog =
  | { kind: 'price'; pkg: PackagePrices }
  | { kind: 'promo'; pkg: PackagePrices }
  | { kind: 'endPromo'; pkg: PackagePrices; promo: Campaign };

interface DialogProps {
  pkg: PackagePrices;
  onChanged: (answer: PricesOverview, text: string) => void;
  onClose: () => void;
}

/** KM as typed (`29,90`), as a number. */
const km = (typed: string) => Number(typed.replace(',', '.'));

/**
 * The dialog of one change: its fields checked by the contract's schema (the API parses the same), a reason
 * always, and the API's refusal (a price the package already has, a day in the past) shown in it.
 */
export function PriceDialogs({
  open,
  today,
  ...props
}: Omit<DialogProps, 'pkg'> & { open: OpenDialog; today: string }) {
  if (open.kind === 'price') return <ChangePriceDialog pkg={open.pkg} today={today} {...props} />;
  if (open.kind === 'promo') return <StartPromoDialog pkg={open.pkg} {...props} />;
  return <EndPromoDialog pkg={open.pkg} promo={open.promo} {...props} />;
}

/** A new price from a day on (today unless changed). */
function ChangePriceDialog({ pkg, today, onChanged, onClose }: DialogProps & { today: string }) {
  return (
    <ActionDialog
      title={T.changeTitle(pkg.name)}
      schema={priceChangeRequestSchema}
      initial={{ price: '', appliesFrom: today, reason: '' }}
      fields={[
        { name: 'price', label: T.newPrice, inputMode: 'decimal' },
        { name: 'appliesFrom', label: T.from },
        { name: 'reason', label: D.reason },
      ]}
      send={async (body) =>
        onChanged(
          await staffCall(calls.staffChangePrice, { params: { planCode: pkg.code }, body }),
          T.changed(pkg.name, formatKM(km(body.price)), formatDate(body.appliesFrom)),
        )
      }
      onClose={onClose}
    >
      {T.changeText(formatKM(pkg.price))}
    </ActionDialog>
  );
}

/** A campaign until a day or of a number of days: one of the two fields, as the form's schema holds. */
function StartPromoDialog({ pkg, onChanged, onClose }: DialogProps) {
  return (
    <ActionDialog
      title={T.startTitle(pkg.name)}
      schema={promoFormSchema}
      initial={{ until: '', days: '', reason: '' }}
      fields={[
        { name: 'until', label: T.until },
        { name: 'days', label: T.days, inputMode: 'numeric' },
        { name: 'reason', label: D.reason },
      ]}
      send={async ({ until, days, reason }) => {
        const body = until ? { until, reason } : { days: Number(days), reason };
        onChanged(
          await staffCall(calls.staffStartPromo, { params: { planCode: pkg.code }, body }),
          T.promoStarted(pkg.name),
        );
      }}
      onClose={onClose}
    >
      {T.startText}
    </ActionDialog>
  );
}

function EndPromoDialog({ pkg, promo, onChanged, onClose }: DialogProps & { promo: Campaign }) {
  return (
    <ActionDialog
      title={T.endTitle(pkg.name)}
      schema={promoEndRequestSchema}
      initial={{ reason: '' }}
      fields={[{ name: 'reason', label: D.reason }]}
      send={async (body) =>
        onChanged(
          await staffCall(calls.staffEndPromo, { params: { promoId: String(promo.id) }, body }),
          T.promoEnded(pkg.name),
        )
      }
      onClose={onClose}
    >
      {T.endText}
    </ActionDialog>
  );
}
