/** The owners module's public API: owners across counties, grouped from the names on parcels. */
export { OwnersModule } from './owners.module';
export { OwnerIdentityService } from './owner-identity.service';
export type { OwnerMentionSource, ParcelOwnerMention } from './owner-mention-source';
export { OwnerDirectoryRepository, ownedParcelKey } from './owner-directory.repository';
export type { OwnedParcel, OwnerRecordView, OwnerSpelling, OwnerSummary } from './owner-directory.repository';
export { GROUPING_RULES } from './owner-grouping';
export type { GroupingRule } from './owner-grouping';
export { NO_SUCH_OWNER_HERE, OwnerDecisionsService } from './owner-decisions.service';
export type { OwnerDecision } from './owner-decisions.service';
export type { MentionKey } from './entities/owner-decision.entity';
