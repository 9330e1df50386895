import { Module } from '@nestjs/common';
import { CountiesModule, CountyCatalogModule } from '../../counties';
import { FormatsModule } from '../../formats';
import { ReleasesModule } from '../../releases';
import { AdminCountiesService } from './admin-counties.service';
import { AdminReleaseFilesService } from './admin-release-files.service';
import { AdminReleaseUploadsService } from './admin-release-uploads.service';
import { AdminReleasesService } from './admin-releases.service';
import { AuditModule } from '../audit/audit.module';
import { ReleaseUploadOutcomes } from './release-upload-outcomes';

const SERVICES = [AdminCountiesService, AdminReleasesService, AdminReleaseFilesService, AdminReleaseUploadsService];

/**
 * What staff keep on sale: the counties, their files, and the monthly releases that publish them (with
 * uploads of a release's source files).
 */
@Module({
  imports: [AuditModule, CountiesModule, CountyCatalogModule, FormatsModule, ReleasesModule],
  providers: [...SERVICES, ReleaseUploadOutcomes],
  exports: [...SERVICES, ReleasesModule],
})
export class CatalogOperationsModule {}
