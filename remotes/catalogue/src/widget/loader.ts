/** The embed loader for the operator's site: `<script src=".../tv-paketi.js" defer></script>` defines `<tv-paketi>`. */
import { defineTvPaketi } from './TvPaketiElement';

defineTvPaketi();
