import { ButtonLink, Card, messages, paths } from '@portal/shared';
import { Hero, Section } from '../layout/Hero';
import styles from './LibrariesPage.module.css';
import { LIBRARIES_TEXTS as T } from '../texts';

const LIBRARIES = [
  {
    name: 'Epic Drama',
    text: T.epicDrama,
  },
  {
    name: 'Viasat World',
    text: T.viasat,
  },
  {
    name: 'AXN Now',
    text: T.axn,
  },
] as const;

/** `/videoteke` (product.md §2, Public): the three video libraries, free within both packages. */
export default function LibrariesPage() {
  return (
    <>
      <Hero title={T.title}>
        <p>{T.lead}</p>
      </Hero>
      <Section>
        <ul className={styles.list}>
          {LIBRARIES.map((library) => (
            <Card as="li" key={library.name} className={styles.library}>
              <h2>{library.name}</h2>
              <p>{library.text}</p>
              <p className={styles.free}>{T.free}</p>
            </Card>
          ))}
        </ul>
        <ButtonLink to={paths.packages.href()}>{messages.choosePlan}</ButtonLink>
      </Section>
    </>
  );
}
