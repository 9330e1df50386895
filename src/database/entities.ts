import { AdminSession } from '../modules/admin/entities/admin-session.entity';
import { Session } from '../modules/auth/entities/session.entity';
import { User } from '../modules/auth/entities/user.entity';
import { County } from '../modules/counties/entities/county.entity';
import { JourneyEvent } from '../modules/journey/entities/journey-event.entity';
import { Subscription } from '../modules/subscriptions/entities/subscription.entity';

/** Every entity, listed so that every build and test runner finds the same set. */
export const entities = [User, County, Subscription, Session, AdminSession, JourneyEvent];
