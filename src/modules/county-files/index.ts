/** The county-files module's public API: the county pages' file endpoints, for the app to mount. */
export { CountyFilesModule } from './county-files.module';
