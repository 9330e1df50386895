import { Module } from '@nestjs/common';
import { OwnerDecisionsService } from './owner-decisions.service';
import { OwnerDirectoryRepository } from './owner-directory.repository';
import { OwnerIdentityRepository } from './owner-identity.repository';
import { OwnerIdentityService } from './owner-identity.service';

/** Owners across counties: grouping the parcel store's owner names into owners, and reading them. */
@Module({
  providers: [OwnerDecisionsService, OwnerDirectoryRepository, OwnerIdentityRepository, OwnerIdentityService],
  exports: [OwnerDecisionsService, OwnerDirectoryRepository, OwnerIdentityService],
})
export class OwnersModule {}
