import { ButtonLink, Card, DocumentTitle, buttonClass, messages, paths } from '@portal/shared';
import { appLinks, slides } from '../content/content';
import { publicUrl } from '../content/publicUrl';
import { Slideshow } from './Slideshow';
import styles from './HomePage.module.css';
import { BENEFITS, HOME_TEXTS as T } from '../texts';

export { BENEFITS };

export function HomePage() {
  return (
    <>
      <DocumentTitle title={T.title} />
      <h1 className="visually-hidden">{T.heading}</h1>
      <Slideshow slides={slides} />

      <section className={styles.about} aria-labelledby="o-usluzi">
        <div className={styles.inner}>
          <h2 id="o-usluzi" className={styles.aboutTitle}>
            {T.about}
          </h2>
          <p className={styles.aboutText}>{T.aboutText}</p>
          <div className={styles.actions}>
            <ButtonLink to={paths.packages.href()}>{T.subscribe}</ButtonLink>
            <a href="#aplikacije" className={`${buttonClass('secondary')} ${styles.light}`}>
              {messages.getApp}
            </a>
          </div>
        </div>
      </section>

      <section className={styles.benefits} aria-labelledby="prednosti">
        <div className={styles.inner}>
          <h2 id="prednosti" className={styles.sectionTitle}>
            {T.why}
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
          <p className={styles.region}>{T.region}</p>
        </div>
      </section>

      <section id="aplikacije" className={styles.apps} aria-labelledby="aplikacije-naslov" tabIndex={-1}>
        <div className={styles.inner}>
          <h2 id="aplikacije-naslov" className={styles.sectionTitle}>
            {messages.getApp}
          </h2>
          <p className={styles.appsText}>{T.apps}</p>
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
