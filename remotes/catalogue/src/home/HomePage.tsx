import { ButtonLink, useDocumentTitle } from '@portal/shared';
import styles from './HomePage.module.css';

export function HomePage() {
  useDocumentTitle('Početna');
  return (
    <>
      <section className={styles.hero} aria-labelledby="naslov-pocetna">
        <div className={styles.heroInner}>
          <h1 id="naslov-pocetna" className={styles.title}>
            Televizija koja ide s tobom
          </h1>
          <p className={styles.lead}>
            Više od 150 TV kanala, 72 sata unazad, snimač i hiljade naslova u videotekama. Bez ugovora, otkaži kad god želiš.
          </p>
          <div className={styles.actions}>
            <ButtonLink to="/paketi">Pretplati se</ButtonLink>
            <ButtonLink to="/tv-kanali" variant="secondary" className={styles.light}>
              Pogledaj kanale
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
