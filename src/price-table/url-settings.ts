import { basename } from 'node:path';
import { z } from 'zod';
import { CoreError } from '../domain/errors.ts';
import { configIo, readTextOrNull, writeFileAtomic } from '../world/fs-util.ts';
import { jsonProblem } from '../world/json-problem.ts';
import { checkPriceTableUrl } from './price-url.ts';

const fileSchema = z.strictObject({ url: z.string().nullable() });

/**
 * `{home}/price_table.json` (VillagePaths.priceTableSettings): the one place the price table URL is kept. Never in world.json: a shared village must not make its
 * receiver fetch from an address they never chose (same line as Spec 25). Read on every use, so a hand
 * edit takes effect without a restart. Setting a URL replaces the file whatever it held (it holds
 * nothing else worth keeping); a saved URL that is no longer acceptable (e.g. edited by hand to
 * http://) is refused when fetching.
 */
export class PriceUrlStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  /** The saved URL, or null when none is set (no file yet). */
  read(): Promise<string | null> {
    return this.serial(() => this.readNow());
  }

  /** Saves the URL after the https check; null or an empty text clears it. Answers the saved value. */
  async set(raw: string | null): Promise<string | null> {
    const url = raw === null || raw.trim() === '' ? null : checkPriceTableUrl(raw).href;
    return this.serial(async () => {
      try {
        await writeFileAtomic(this.path, `${JSON.stringify({ url }, null, 2)}\n`);
      } catch (error) {
        throw configIo('write', this.path, error);
      }
      return url;
    });
  }

  private async readNow(): Promise<string | null> {
    let text: string | null;
    try {
      text = await readTextOrNull(this.path);
    } catch (error) {
      throw configIo('read', this.path, error);
    }
    if (text === null) return null;
    const syntax = jsonProblem(text);
    const parsed = syntax === null ? fileSchema.safeParse(JSON.parse(text)) : null;
    if (!parsed?.success) {
      const name = basename(this.path);
      throw new CoreError('CONFIG_IO', `${name} is not {"url": "https://…"}; fix or remove ${this.path}`, {
        detail: syntax ?? 'not a settings object',
      });
    }
    return parsed.data.url;
  }

  /** One read-modify-write at a time. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
