import { Module } from '@nestjs/common';
import { OwnerIdentityRepository } from './owner-identity.repository';
import { OwnerIdentityService } from './owner-identity.service';

/** Owners across counties: grouping the parcel store's owner names into owners, and reading them. */
@Module({
  providers: [OwnerIdentityRepository, OwnerIdentityService],
  exports: [OwnerIdentityService],
})
export class OwnersModule {}
