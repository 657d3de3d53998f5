import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonLink,
  CardLogo,
  Page,
  Spinner,
  panelClass,
  useQuery,
  retryRead,
  useSubmit,
  type CreditCard,
  paths,
  LoadFailed,
  messages,
} from '@portal/shared';
import { cardsQuery, deleteCard, setPrimaryCard, useCardDialog } from '@portal/shared/payments';
import styles from './CardsPage.module.css';
import itemList from '@portal/shared/item-list.module.css';
import forms from '../forms.module.css';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { CARD_LIST_TEXTS, CARDS_TEXTS } from '../texts';

/** `/nalog/moje-kartice` (product.md §2): saved cards with add, delete (confirmed) and set as primary. */
export function CardsPage() {
  const cards = useQuery(cardsQuery);
  const cardDialog = useCardDialog();
  const [removing, setRemoving] = useState<CreditCard | null>(null);
  const { busy, error, run } = useSubmit(CARDS_TEXTS.changeFailed);

  // The card calls refresh the list themselves (cardsChanged); the form stays busy until it has.
  const change = (action: () => Promise<void>) => run(action, { settle: true });

  return (
    <Page title={CARDS_TEXTS.title} narrow>
      <div className={panelClass()}>
        {error && <Alert kind="error">{error}</Alert>}
        {cards.isPending && <Spinner />}
        {cards.isError && <LoadFailed message={CARDS_TEXTS.failed} retry={retryRead(cardsQuery)} />}
        {cards.isSuccess && cards.data.length === 0 && <p className={styles.empty}>{CARDS_TEXTS.empty}</p>}
        {cards.isSuccess && cards.data.length > 0 && (
          <ul className={itemList.list} aria-label={CARD_LIST_TEXTS.label}>
            {cards.data.map((card) => (
              <li key={card.code} className={itemList.item}>
                <CardLogo type={card.creditCardTypeCode} />
                <span className={styles.number}>
                  {card.cardNumber}
                  <span className={styles.expiry}>
                    {CARD_LIST_TEXTS.validUntil} {String(card.expirationDateMm).padStart(2, '0')}/
                    {String(card.expirationDateYy).padStart(2, '0')}
                  </span>
                </span>
                {card.primaryCard ? (
                  <span className={itemList.badge}>{CARDS_TEXTS.primary}</span>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void change(() => setPrimaryCard(card.code))}
                    aria-label={`${CARDS_TEXTS.makePrimary}: ${card.cardNumber}`}
                  >
                    {CARDS_TEXTS.makePrimary}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => setRemoving(card)}
                  aria-label={`${CARDS_TEXTS.remove}: ${card.cardNumber}`}
                >
                  {CARDS_TEXTS.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className={forms.actions}>
          <Button onClick={cardDialog.open}>{CARDS_TEXTS.add}</Button>
          <ButtonLink to={paths.account.href()} variant="secondary">
            {messages.backToAccount}
          </ButtonLink>
        </div>
      </div>
      {cardDialog.dialog}
      {removing && (
        <ConfirmDialog
          title={CARDS_TEXTS.confirmTitle}
          confirm={CARDS_TEXTS.confirm}
          cancel={CARDS_TEXTS.cancel}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            const code = removing.code;
            setRemoving(null);
            void change(() => deleteCard(code));
          }}
        >
          {CARD_LIST_TEXTS.willBeRemoved(removing.cardNumber)}
          {removing.primaryCard && CARD_LIST_TEXTS.primaryMoves}
        </ConfirmDialog>
      )}
    </Page>
  );
}
