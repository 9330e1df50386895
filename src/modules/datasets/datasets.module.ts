import { Module } from '@nestjs/common';
import { DataSchemaController } from './data-schema.controller';

@Module({ controllers: [DataSchemaController] })
export class DatasetsModule {}
