import { Button, formatDate, formatDateTime, formatKM } from '@portal/shared';
import type { Campaign, PackagePrices, PriceEntry } from '@portal/shared/contract/support';
import { SupportTable } from '../ui/SupportTable';
import { PRICES_TEXTS } from './texts';
import type { OpenDialog } from './PriceDialogs';
import styles from '../support.module.css';

const T = PRICES_TEXTS;

/** One package: its price today, the admins' buttons, its changes to come, its history and its promos. */
export function PlanPanel({
  pkg,
  admin,
  onOpen,
}: {
  pkg: PackagePrices;
  admin: boolean;
  onOpen: (dialog: OpenDialog) => void;
}) {
  const titleId = `package-${pkg.code}`;
  const running = pkg.promos.find((promo) => promo.running);
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{pkg.name}</h2>
      <dl className={styles.facts}>
        <dt>{T.price}</dt>
        <dd>
          {formatKM(pkg.price)} {T.perMonth}
        </dd>
      </dl>
      {admin && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            aria-label={T.changePriceOf(pkg.name)}
            onClick={() => onOpen({ kind: 'price', pkg })}
          >
            {T.changePrice}
          </Button>
          <Button
            variant="secondary"
            aria-label={T.startPromoOf(pkg.name)}
            onClick={() => onOpen({ kind: 'promo', pkg })}
          >
            {T.startPromo}
          </Button>
          {running && (
            <Button
              variant="secondary"
              aria-label={T.endPromoOf(pkg.name)}
              onClick={() => onOpen({ kind: 'endPromo', pkg, promo: running })}
            >
              {T.endPromo}
            </Button>
          )}
        </div>
      )}
      <h3>{T.scheduled}</h3>
      <PriceTable caption={`${T.scheduled}: ${pkg.name}`} entries={pkg.scheduled} none={T.noScheduled} />
      <h3>{T.history}</h3>
      <PriceTable caption={`${T.history}: ${pkg.name}`} entries={pkg.history} none={T.noHistory} />
      <h3>{T.promos}</h3>
      <PromoTable caption={`${T.promos}: ${pkg.name}`} promos={pkg.promos} />
    </section>
  );
}

/** Price changes: from which day, the price, who set it, why and when. */
function PriceTable({ caption, entries, none }: { caption: string; entries: PriceEntry[]; none: string }) {
  return (
    <SupportTable
      caption={caption}
      columns={[T.appliesFrom, T.amount, T.by, T.reason, T.setAt]}
      items={entries}
      keyOf={(entry) => entry.id}
      none={none}
      cells={(entry) => (
        <>
          <td>{formatDate(entry.appliesFrom)}</td>
          <td>{formatKM(entry.price)}</td>
          <td>{entry.staffName}</td>
          <td>{entry.reason}</td>
          <td>{formatDateTime(entry.createdAt)}</td>
        </>
      )}
    />
  );
}

/** A campaign's length as the pages state it: until a day, or days from the subscription. */
const lengthOf = (promo: Campaign) =>
  promo.durationUntil ? T.promoUntil(formatDate(promo.durationUntil)) : T.promoDays(promo.durationDays ?? 0);

function PromoTable({ caption, promos }: { caption: string; promos: Campaign[] }) {
  return (
    <SupportTable
      caption={caption}
      columns={[T.promoLength, T.promoState, T.startedBy, T.reason]}
      items={promos}
      keyOf={(promo) => promo.id}
      none={T.noPromos}
      cells={(promo) => (
        <>
          <td>{lengthOf(promo)}</td>
          <td>
            {promo.running ? T.running : T.ended}
            {promo.endedAt && <div className={styles.muted}>{formatDateTime(promo.endedAt)}</div>}
          </td>
          <td>
            {promo.startedBy ?? ''}
            {promo.startedAt && <div className={styles.muted}>{formatDateTime(promo.startedAt)}</div>}
          </td>
          <td>{promo.reason ?? ''}</td>
        </>
      )}
    />
  );
}
