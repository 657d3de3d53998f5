/** The bundled content of the home page. */
import sliderFile from '../../content/slider.json';
import appsFile from '../../content/apps.json';
import type { AppLink, Slide } from './schemas';
import { bundled } from './bundled';

export const slides = bundled<{ slides: Slide[] }>(sliderFile).slides;
export const appLinks = bundled<{ apps: AppLink[] }>(appsFile).apps;
