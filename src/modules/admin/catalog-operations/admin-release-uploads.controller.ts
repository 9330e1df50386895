import {
  BadRequestException,
  Controller,
  Delete,
  Head,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExcludeEndpoint,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { allowLongBody } from '../../../common/http/request-deadline';
import { AdminReleaseUploadsService, UPLOAD_ID } from './admin-release-uploads.service';
import { AdminGuard } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';

/**
 * The tus endpoint for release source files (POST to create, HEAD to ask the offset, PATCH
 * to send from it, DELETE to cancel), behind the admin session like every admin route.
 */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@ApiHeader({ name: 'Tus-Resumable', required: true, description: '1.0.0' })
@UseGuards(AdminGuard)
@StaffRoleRequired('admin')
@Controller('admin/uploads')
export class AdminReleaseUploadsController {
  constructor(private readonly uploads: AdminReleaseUploadsService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Start a resumable (tus 1.0) upload of a source file to a draft release',
    description:
      'Upload-Length: the file size (at most RELEASE_FILE_MAX_BYTES); Upload-Metadata: releaseId (a draft) and, for ' +
      "one county's file, countyId, base64 as tus says. Answers 201 with the upload's Location. Once its last byte " +
      'arrives the file is checked and staged exactly as POST /api/admin/releases/{id}/files; the last PATCH answers ' +
      'with the ingest job (header Upload-Ingest-Job, body the job). Unfinished uploads expire after 24 hours.',
  })
  @ApiNotFoundResponse({ description: 'No release (or county) has this id' })
  create(@Req() req: Request, @Res() res: Response): Promise<void> {
    requireTus(req);
    allowLongBody(req);
    return this.uploads.handle(req, res);
  }

  @Head(':uploadId')
  @ApiExcludeEndpoint()
  offset(@Param('uploadId') uploadId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(uploadId, req, res);
  }

  @Patch(':uploadId')
  @ApiOperation({
    summary: 'Send bytes of a resumable upload from Upload-Offset (ask it first with HEAD after a dropped connection)',
  })
  @ApiNoContentResponse({ description: 'Taken; Upload-Offset says how far the upload is' })
  @ApiNotFoundResponse({ description: 'No unfinished upload has this id' })
  send(@Param('uploadId') uploadId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(uploadId, req, res);
  }

  @Delete(':uploadId')
  @ApiOperation({ summary: 'Cancel a resumable upload: its bytes are deleted, and the cancellation is audited' })
  @ApiNoContentResponse({ description: 'Cancelled' })
  @ApiNotFoundResponse({ description: 'No unfinished upload has this id' })
  cancel(@Param('uploadId') uploadId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.forward(uploadId, req, res);
  }

  private forward(uploadId: string, req: Request, res: Response): Promise<void> {
    if (!UPLOAD_ID.test(uploadId)) throw new NotFoundException('No upload has this id');
    requireTus(req);
    // Past the guard: a piece of a multi-GB file may take longer to send than an ordinary request may.
    allowLongBody(req);
    return this.uploads.handle(req, res);
  }
}

/** Refuses, in the store's error contract, a request that does not speak tus 1.0. */
function requireTus(req: Request): void {
  if (req.headers['tus-resumable'] !== '1.0.0') {
    throw new BadRequestException('This is a resumable upload (tus 1.0) endpoint: send Tus-Resumable: 1.0.0');
  }
}
