/** The journey module's public API: what other modules may use of it. */
export { JourneyFigures } from './journey-figures.service';
export type { FunnelStep, JourneyFigureSet } from './journey-figures.service';
export { JourneyModule } from './journey.module';
