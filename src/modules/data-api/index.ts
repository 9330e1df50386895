/** The data-api module's public API: what other modules may use of it. */
export { API_TOKEN_SCHEME } from './data-api.controller';
export { DataApiModule } from './data-api.module';
export { ReleaseManifestService } from './release-manifest.service';
export { ManifestCountyDto, ReleaseManifestDto } from './dto/release-manifest.dto';
