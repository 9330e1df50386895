import { JOB_NAMES } from '../../../integrations/queue/jobs';
import { QUEUE_NAMES } from './background-work.service';

describe('the background work page', () => {
  // The job map holds every queue a module declares (src/integrations/queue/jobs.spec.ts checks it).
  it('shows every queue of the job map', () => {
    expect([...QUEUE_NAMES].sort()).toEqual(Object.keys(JOB_NAMES).sort());
  });
});
