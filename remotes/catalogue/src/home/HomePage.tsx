import { ButtonLink, Card, DocumentTitle, buttonClass, paths } from '@portal/shared';
import { appLinks, slides } from '../content/content';
import { publicUrl } from '../content/publicUrl';
import { Slideshow } from './Slideshow';
import styles from './HomePage.module.css';

/** The home page claims of product.md §1 as seven benefits; watching only in BiH is a condition, said under them. */
export const BENEFITS = [
  {
    figure: '150+',
    title: 'Više od 150 TV kanala',
    text: 'Domaći, regionalni i svjetski kanali: informativni, sportski, filmski, dječiji i muzički.',
  },
  {
    figure: '72 h',
    title: '72 sata unazad',
    text: 'Propustio si emisiju? Pogledaj je i do tri dana nakon emitovanja.',
  },
  { figure: 'REC', title: 'Snimač', text: 'Snimi omiljene emisije i gledaj ih kad tebi odgovara.' },
  { figure: '★', title: 'Omiljeni i preporuke', text: 'Sačuvaj omiljene kanale i otkrij sadržaj po svom ukusu.' },
  {
    figure: '1000+',
    title: 'Hiljade naslova u videotekama',
    text: 'Filmovi i serije na zahtjev u videotekama Epic Drama, Viasat World i AXN Now.',
  },
  {
    figure: '2 / 4',
    title: '2 ili 4 uređaja istovremeno',
    text: 'Uz StartON gledaš na 2, a uz MaxON na 4 uređaja u isto vrijeme.',
  },
  { figure: '0', title: 'Bez ugovora', text: 'Bez ugovorne obaveze: otkaži pretplatu kad god želiš.' },
] as const;

export function HomePage() {
  return (
    <>
      <DocumentTitle title="Početna" />
      <h1 className="visually-hidden">ON TV: online televizija za Bosnu i Hercegovinu</h1>
      <Slideshow slides={slides} />

      <section className={styles.about} aria-labelledby="o-usluzi">
        <div className={styles.inner}>
          <h2 id="o-usluzi" className={styles.aboutTitle}>
            Televizija koja ide s tobom
          </h2>
          <p className={styles.aboutText}>
            ON TV donosi više od 150 TV kanala, 72 sata unazad, snimač i hiljade naslova u videotekama na tvoj mobitel,
            tablet, Android TV i računar. Izaberi paket, pretplati se karticom i gledaj za nekoliko minuta.
          </p>
          <div className={styles.actions}>
            <ButtonLink to={paths.packages.href()}>Pretplati se</ButtonLink>
            <a href="#aplikacije" className={`${buttonClass('secondary')} ${styles.light}`}>
              Preuzmi aplikaciju
            </a>
          </div>
        </div>
      </section>

      <section className={styles.benefits} aria-labelledby="prednosti">
        <div className={styles.inner}>
          <h2 id="prednosti" className={styles.sectionTitle}>
            Zašto ON TV
          </h2>
          <ul className={styles.benefitGrid}>
            {BENEFITS.map((benefit) => (
              <Card as="li" key={benefit.title}>
                <span className={styles.figure} aria-hidden="true">
                  {benefit.figure}
                </span>
                <h3 className={styles.benefitTitle}>{benefit.title}</h3>
                <p className={styles.benefitText}>{benefit.text}</p>
              </Card>
            ))}
          </ul>
          <p className={styles.region}>Usluga je dostupna za gledanje samo na teritoriji Bosne i Hercegovine.</p>
        </div>
      </section>

      <section id="aplikacije" className={styles.apps} aria-labelledby="aplikacije-naslov" tabIndex={-1}>
        <div className={styles.inner}>
          <h2 id="aplikacije-naslov" className={styles.sectionTitle}>
            Preuzmi aplikaciju
          </h2>
          <p className={styles.appsText}>Nakon pretplate gledaj u aplikaciji za mobitel, tablet ili Android TV.</p>
          <ul className={styles.appList}>
            {appLinks.map((app) => (
              <li key={app.platform} className={styles.app}>
                <a href={app.href} rel="noopener noreferrer">
                  <img src={publicUrl(app.badge)} alt={app.label} width={180} height={54} />
                </a>
                <span className={styles.platform}>{app.platform}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
