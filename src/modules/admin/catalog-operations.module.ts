import { Module } from '@nestjs/common';
import { CountiesModule, CountyCatalogModule } from '../counties';
import { DatasetsModule } from '../datasets';
import { AdminCountiesService } from './admin-counties.service';
import { AdminReleaseFilesService } from './admin-release-files.service';
import { AdminReleaseUploadsService } from './admin-release-uploads.service';
import { AdminReleasesService } from './admin-releases.service';
import { AuditModule } from './audit/audit.module';
import { ReleaseUploadOutcomes } from './release-upload-outcomes';

const SERVICES = [AdminCountiesService, AdminReleasesService, AdminReleaseFilesService, AdminReleaseUploadsService];

/**
 * What staff keep on sale: the counties, their files, and the monthly releases that publish them (with
 * uploads of a release's source files). Its files stay at the top of src/modules/admin while the datasets
 * module they lean on is being split.
 */
@Module({
  imports: [AuditModule, CountiesModule, CountyCatalogModule, DatasetsModule],
  providers: [...SERVICES, ReleaseUploadOutcomes],
  exports: [...SERVICES, DatasetsModule],
})
export class CatalogOperationsModule {}
