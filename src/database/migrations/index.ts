import { InitialSchema1763800000000 } from './1763800000000-initial-schema';

/** Every migration, oldest first. Listed, not globbed, so every build finds the same set. */
export const migrations = [InitialSchema1763800000000];
