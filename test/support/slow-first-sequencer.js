// Orders test files longest first, so that the two workers finish together instead of one idling while
// the other runs a long file picked last. Jest does so from its cache of the last run's durations; a
// fresh clone (CI) has none and jest would order by file size, which puts short files that run a whole
// release pipeline or many screens near the end. For those, the durations measured on a two-core
// machine (file-durations.json, seconds) stand in until the cache has its own.
const Sequencer = require('@jest/test-sequencer').default;
const { relative } = require('node:path');
const durations = require('./file-durations.json');

const root = `${__dirname}/../..`;

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const expected = new Map(
      tests.map((test) => {
        const cached = this.time(test);
        const measured = durations[relative(root, test.path)];
        return [test, cached ?? (measured === undefined ? undefined : measured * 1000)];
      }),
    );
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => {
      const failed = Number(this.hasFailed(b)) - Number(this.hasFailed(a));
      if (failed !== 0) return failed;
      const [timeA, timeB] = [expected.get(a), expected.get(b)];
      if (timeA !== undefined || timeB !== undefined) return (timeB ?? 0) - (timeA ?? 0);
      return size(b) - size(a);
    });
  }
}

module.exports = SlowFirstSequencer;
