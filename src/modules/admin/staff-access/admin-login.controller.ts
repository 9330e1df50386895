import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import {
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendRetryAfter } from '../../../common/http/retry-after';
import { appConfig } from '../../../config';
import { AdminAuthService } from './admin-auth.service';
import { setAdminCookie } from './admin-cookie';
import { AdminLoginDto } from './dto/admin-login.dto';
import { AdminTokenDto } from './dto/admin-session.dto';
import { staffClientOf } from './staff-client';

@ApiTags('admin')
@Controller('admin')
export class AdminLoginController {
  constructor(
    private readonly auth: AdminAuthService,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Break-glass staff sign-in with the shared admin password; answers a token (for API clients) and sets an httpOnly cookie (for the console)',
  })
  @ApiOkResponse({ type: AdminTokenDto })
  @ApiUnauthorizedResponse({ description: 'Invalid password' })
  @ApiTooManyRequestsResponse({ description: 'Five failures from one address within 15 minutes; see Retry-After' })
  async login(
    @Body() dto: AdminLoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminTokenDto> {
    const { token } = await sendRetryAfter(res, () => this.auth.login(dto.password, staffClientOf(req)));
    setAdminCookie(res, token, this.app.production);
    return { token };
  }
}
