import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { uuidParam } from '../../common/validation';
import { SignedInGuard, SignedInUserId } from '../auth';
import { InvoiceSummaryDto } from './dto/invoice-summary.dto';
import { invoicePdfHeaders, InvoicesService } from './invoices.service';

@ApiTags('invoices')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@UseGuards(SignedInGuard)
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in customer's invoices (every order and renewal of theirs), newest first" })
  @ApiOkResponse({ type: InvoiceSummaryDto, isArray: true })
  list(@SignedInUserId() userId: string): Promise<InvoiceSummaryDto[]> {
    return this.invoices.forUser(userId);
  }

  @Get(':id/pdf')
  @ApiOperation({ summary: "One of the signed-in customer's invoices as a PDF" })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The invoice PDF, as an attachment named after its number',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No invoice of this customer has this id' })
  async pdf(
    @SignedInUserId() userId: string,
    @Param('id', uuidParam('invoice')) id: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.invoices.pdfForUser(userId, id);
    res.status(200).set(invoicePdfHeaders(file)).end(file.body);
  }
}
