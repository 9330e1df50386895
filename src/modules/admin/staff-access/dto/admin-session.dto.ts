import { STAFF_ROLES, type StaffRole } from '../staff-role';
import { ApiProperty } from '@nestjs/swagger';
import { ADMIN_SESSION_HOURS } from '../admin-auth.service';

/** A new staff session: the token goes in `Authorization: Bearer`, and also comes back as an httpOnly cookie. */
export class AdminTokenDto {
  @ApiProperty({ example: 'Zk3q…', description: `Valid for ${ADMIN_SESSION_HOURS} hours or until logout` })
  token: string;
}

export class AdminAuthCheckDto {
  @ApiProperty({ enum: [true] })
  authenticated: true;

  @ApiProperty({
    enum: STAFF_ROLES,
    description:
      'support: read everything, resend emails, make order-page links; admin: every change besides (refunds, ' +
      'extensions, releases and uploads, counties, queues). The console hides what the role cannot do',
  })
  role: StaffRole;
}

export class AdminLogoutDto {
  @ApiProperty({ enum: [true] })
  loggedOut: true;
}
