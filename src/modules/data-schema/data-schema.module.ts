import { Module } from '@nestjs/common';
import { DataSchemaController } from './data-schema.controller';

/** The schema of every county file, as a PDF for buyers; its readers are plain functions (see index.ts). */
@Module({ controllers: [DataSchemaController] })
export class DataSchemaModule {}
