import { createHash } from 'node:crypto';
import { countyBoundary, CountyBoundary } from '../../modules/counties/county-boundaries';
import type { CountyForDataset } from '../../modules/releases/files/dataset-generator';
import { CountyLayout, layoutCounty } from './synthetic-lots';
import { Town, townsOf } from './synthetic-places';
import { ordinal, STREET_NAMES, STREET_SUFFIXES, SUBDIVISION_KINDS, SUBDIVISION_WORDS } from './synthetic-vocabulary';

// Read once: a global looked up on every call is slow inside a vm context (as Jest runs code).
const { imul, floor } = Math;

/** A small seeded generator (mulberry32): the same seed, the same sequence, on every machine. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = imul(state ^ (state >>> 15), 1 | state);
    t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomFrom(seed: string): () => number {
  return seeded(createHash('sha256').update(seed).digest().readUInt32LE(0));
}

/** What all of a county's parcels share: where its lots lie, its towns and its street names. */
export interface CountyPlan {
  layout: CountyLayout;
  towns: Town[];
  /** The name of an east-west street (a grid line) in a town: each town names its own streets. */
  streetName(town: number, line: number): { name: string; suffix: string };
}

const plans = new Map<string, CountyPlan>();
/** Plans kept: a test or a release run walks a few counties month after month. */
const KEPT_PLANS = 8;

/** The county's plan for this many lots, made once and kept for the next months of the same county. */
export function countyPlan(county: CountyForDataset, lots: number): CountyPlan {
  const key = `${county.fips}|${county.stateCode}|${lots}`;
  const kept = plans.get(key);
  if (kept) return kept;
  const boundary = countyBoundary(county.fips) ?? standInBoundary(county.fips);
  const towns = townsOf(boundary, county.stateCode, county.name);
  const layout = layoutCounty(boundary, towns, lots, randomFrom(`${county.fips}|layout`));
  const plan = { layout, towns, streetName: streetNames(county.fips, layout) };
  if (plans.size >= KEPT_PLANS) plans.delete(plans.keys().next().value!);
  plans.set(key, plan);
  return plan;
}

/** A county the Census does not draw (a test's made-up code): a square of 30 km somewhere in Kansas. */
function standInBoundary(fips: string): CountyBoundary {
  const random = randomFrom(`${fips}|place`);
  const west = -101 + random() * 5;
  const south = 37.2 + random() * 2;
  const [east, north] = [west + 0.34, south + 0.27];
  return {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    ],
  };
}

/**
 * Every town names its east-west streets in its own order from one list of names and suffixes,
 * south to north from its southernmost block, then numbers them; so two towns may each have a
 * Main Street, as they do, and within a town every street has its own name.
 */
function streetNames(fips: string, layout: CountyLayout): CountyPlan['streetName'] {
  const named = STREET_NAMES.flatMap((name) => STREET_SUFFIXES.slice(0, 3).map((suffix) => ({ name, suffix })));
  const firstLine = new Map<number, number>();
  for (const block of layout.blocks) firstLine.set(block.town, Math.min(firstLine.get(block.town) ?? block.j, block.j));
  const orders = new Map<number, { name: string; suffix: string }[]>();
  return (town, line) => {
    let order = orders.get(town);
    if (!order) {
      const random = randomFrom(`${fips}|streets|${town}`);
      order = [...named];
      for (let i = order.length - 1; i > 0; i--) {
        const k = floor(random() * (i + 1));
        [order[i], order[k]] = [order[k], order[i]];
      }
      orders.set(town, order);
    }
    const n = line - (firstLine.get(town) ?? 0);
    return n < order.length ? order[n] : { name: ordinal(n - order.length + 1), suffix: 'ST' };
  };
}

/** A block's recorded subdivision and its block number there: blocks are platted in groups of twelve. */
export function subdivisionOf(fips: number, i: number, j: number): { name: string; block: number } {
  const gi = floor(i / 3);
  const gj = floor(j / 4);
  const random = seeded(imul(fips, 0x9e3779b1) ^ imul(gi, 0x85ebca6b) ^ imul(gj, 0xc2b2ae35));
  const word = SUBDIVISION_WORDS[floor(random() * SUBDIVISION_WORDS.length)];
  const kind = SUBDIVISION_KINDS[floor(random() * SUBDIVISION_KINDS.length)];
  const block = (i - gi * 3) * 4 + (j - gj * 4) + 1;
  return { name: `${word.toUpperCase()} ${kind}`, block };
}
