/** The events module's public API: raising a business fact in a transaction and relaying it after. */
export { DomainEvents } from './domain-events.service';
export { EventsModule } from './events.module';
export { EventsWorkerModule } from './events-worker.module';
