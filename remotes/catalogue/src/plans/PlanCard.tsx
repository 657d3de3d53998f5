import { ButtonLink, cx, Link, paths } from '@portal/shared';
import { formatKM, promoRibbon } from '@portal/shared/format';
import type { PlanOffer } from './plans';
import type { PlanAction } from './planAction';
import { channelCount, planTexts } from './texts';
import styles from './PlansPage.module.css';

export function PlanCard({
  offer,
  action,
  pricePending = false,
}: {
  offer: PlanOffer;
  action: PlanAction;
  pricePending?: boolean;
}) {
  const titleId = `paket-${offer.code}`;
  return (
    <article className={cx(styles.card, offer.planSpotlight && styles.spotlight)} aria-labelledby={titleId}>
      {offer.promo && <p className={styles.ribbon}>{promoRibbon(offer.promo)}</p>}
      {/* Until the plans arrive the promo is unknown: its band is held, so the card does not jump (CLS). */}
      {!offer.promo && pricePending && (
        <p className={cx(styles.ribbon, styles.ribbonPending)} aria-hidden="true">
          &nbsp;
        </p>
      )}
      <div className={styles.body}>
        {offer.planSpotlight && <p className={styles.badge}>{planTexts.spotlight}</p>}
        {/* A package's name stays as it is in either script (docs/decisions/050). */}
        <h2 id={titleId} className={styles.name} translate="no">
          {offer.name}
        </h2>
        <p className={styles.channels}>{channelCount(offer.numChannels)}</p>
        <Link to={paths.channels.href(offer.code)} className={styles.channelLink}>
          {planTexts.channelList}
          <span className="visually-hidden" translate="no">{` ${offer.name}`}</span>
        </Link>
        <ul className={styles.services}>
          {offer.additionalServices.map((service) => (
            <li key={service.name}>{service.name}</li>
          ))}
        </ul>
        <p className={styles.multiscreen}>{offer.multiscreenDescription}</p>
        <div className={styles.footer}>
          {pricePending ? (
            <p className={styles.price} aria-busy="true">
              <span className={styles.pricePlaceholder} />
              <span className="visually-hidden">{planTexts.priceLoading}</span>
            </p>
          ) : offer.price === null ? (
            <p className={styles.priceUnavailable}>{planTexts.priceUnavailable}</p>
          ) : (
            <p className={styles.price}>
              <strong>{formatKM(offer.price)}</strong> <span>{planTexts.perMonth}</span>
            </p>
          )}
          {action === 'subscribe' && (
            <ButtonLink
              to={paths.subscribe.href(offer.code)}
              block
              aria-label={`${planTexts.subscribe}: ${offer.name}`}
            >
              {planTexts.subscribe}
            </ButtonLink>
          )}
          {action === 'held' && (
            // The subscribe button's own box, unseen and out of the tab order: what comes next does not move.
            <ButtonLink to={paths.subscribe.href(offer.code)} block className={styles.held} tabIndex={-1} aria-hidden>
              {planTexts.subscribe}
            </ButtonLink>
          )}
          {action === 'active' && <p className={styles.active}>{planTexts.active}</p>}
          {action === 'change' && (
            <ButtonLink
              to={paths.changePlan.href(offer.code)}
              block
              variant="secondary"
              aria-label={`${planTexts.change}: ${offer.name}`}
            >
              {planTexts.change}
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}
