import { ButtonLink, Card, paths } from '@portal/shared';
import { Hero, Section } from '../layout/Hero';
import styles from './LibrariesPage.module.css';

const LIBRARIES = [
  {
    name: 'Epic Drama',
    text: 'Velike historijske i kostimirane drame, romanse i sage o porodicama, kraljevima i osvajačima, sa prevodom na naš jezik.',
  },
  {
    name: 'Viasat World',
    text: 'Kriminalističke serije, trileri i dokumentarci iz cijelog svijeta: od skandinavskog noira do istinitih priča.',
  },
  {
    name: 'AXN Now',
    text: 'Akcija, krimi i avantura: omiljene serije i filmovi AXN-a, kad god ti odgovara.',
  },
] as const;

/** `/videoteke` (product.md §2, Public): the three video libraries, free within both packages. */
export default function LibrariesPage() {
  return (
    <>
      <Hero title="Videoteke">
        <p>Hiljade filmova i serija na zahtjev. Sve tri videoteke besplatne su u okviru oba paketa, StartON i MaxON.</p>
      </Hero>
      <Section>
        <ul className={styles.list}>
          {LIBRARIES.map((library) => (
            <Card as="li" key={library.name} className={styles.library}>
              <h2>{library.name}</h2>
              <p>{library.text}</p>
              <p className={styles.free}>Besplatno uz StartON i MaxON</p>
            </Card>
          ))}
        </ul>
        <ButtonLink to={paths.packages.href()}>Izaberi paket</ButtonLink>
      </Section>
    </>
  );
}
