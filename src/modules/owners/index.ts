/** The owners module's public API: owners across counties, grouped from the names on parcels. */
export { OwnersModule } from './owners.module';
export { OwnerIdentityService } from './owner-identity.service';
export type { OwnerMentionSource, ParcelOwnerMention } from './owner-mention-source';
