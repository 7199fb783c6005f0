import { scanFiles, type GrepScan, type ScanTarget } from '../grep/scan.ts';
import { replaceAllSd, type TemplatePart } from '../sd/sd-regex.ts';
import type { WalkEntry, WalkResult } from '../work-dir/walk.ts';
import { walkWorkDirSync } from '../work-dir/walk-sync.ts';

/**
 * The regex work of the search and replace tools, as plain data so it can run in a worker thread.
 * A JavaScript RegExp can backtrack for ever (`(a+)+$`); the ledger's engine cannot, so the work runs
 * where it can be timed out and terminated (ARCHITECTURE §2: worker_threads when a scan blocks).
 */
export interface RegexSource {
  source: string;
  flags: string;
}

export interface GrepJob {
  kind: 'grep';
  /** The work folder's real path (ScanOptions.root). */
  root: string;
  targets: ScanTarget[];
  pattern: RegexSource;
  include: RegexSource | null;
  context: number;
  countOnly: boolean;
}

/** fd: which names match (indices into `names`, ascending). */
export interface NamesJob {
  kind: 'names';
  names: string[];
  pattern: RegexSource;
}

/** sd: every match of each text replaced through the template. */
export interface ReplaceJob {
  kind: 'replace';
  pattern: RegexSource;
  template: TemplatePart[];
  texts: string[];
}

/**
 * grep, fd: the files and folders under `startAbs` (walkWorkDir's entries, order and checks). It runs
 * where the scans run so the walk can block on one synchronous listing per folder without stalling
 * the event loop (issue 24: a walk awaiting per entry was most of fd's time).
 */
export interface WalkJob {
  kind: 'walk';
  root: string;
  startAbs: string;
  startRel: string;
  maxFiles: number;
}

/** fd: the walk and the name match in one job, so only the matching entries cross back. */
export interface FindJob {
  kind: 'find';
  walk: WalkJob;
  pattern: RegexSource;
}

export interface Found {
  /** Matching entries, in walk order. */
  matched: WalkEntry[];
  /** What the walk looked at. */
  files: number;
  folders: number;
  truncated: boolean;
}

export type RegexJob = GrepJob | NamesJob | ReplaceJob | WalkJob | FindJob;

export interface Replaced {
  text: string;
  count: number;
}

export type JobResult<J extends RegexJob> = J extends GrepJob
  ? GrepScan
  : J extends NamesJob
    ? number[]
    : J extends ReplaceJob
      ? Replaced[]
      : J extends WalkJob
        ? WalkResult
        : J extends FindJob
          ? Found
          : never;

export function toSource(regex: RegExp): RegexSource {
  return { source: regex.source, flags: regex.flags };
}

function compile(source: RegexSource): RegExp {
  return new RegExp(source.source, source.flags);
}

function walk(job: WalkJob): WalkResult {
  return walkWorkDirSync(job.root, job.startAbs, job.startRel, job.maxFiles);
}

/** Run one job where this code runs (the worker, or the caller's thread for the inline runner). */
export async function runJob<J extends RegexJob>(job: J): Promise<JobResult<J>> {
  return (await runAny(job)) as JobResult<J>;
}

async function runAny(job: RegexJob): Promise<GrepScan | number[] | Replaced[] | WalkResult | Found> {
  switch (job.kind) {
    case 'grep':
      return scanFiles(job.targets, {
        root: job.root,
        pattern: compile(job.pattern),
        include: job.include === null ? null : compile(job.include),
        context: job.context,
        countOnly: job.countOnly,
      });
    case 'names': {
      const pattern = compile(job.pattern);
      const found: number[] = [];
      job.names.forEach((name, index) => {
        if (pattern.test(name)) found.push(index);
      });
      return found;
    }
    case 'replace': {
      const sd = { regex: compile(job.pattern), template: job.template };
      return job.texts.map((text) => replaceAllSd(sd, text));
    }
    case 'walk':
      return walk(job);
    case 'find': {
      const pattern = compile(job.pattern);
      const walked = walk(job.walk);
      return {
        matched: walked.entries.filter((entry) => pattern.test(entry.name)),
        files: walked.files,
        folders: walked.entries.length - walked.files,
        truncated: walked.truncated,
      };
    }
  }
}
