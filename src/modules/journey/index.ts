/** The journey module's public API: what other modules may use of it. */
export { JourneyTotalsRepository } from './journey-totals.repository';
export { JourneyModule } from './journey.module';
