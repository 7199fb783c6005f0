/** zod fields the JSON wires share for provider bodies that must never fail a decode on one field. */
import { z } from 'zod';

/** A token count: absent, null or not a number reads as 0 (usage must never fail a decode). */
export const tokenCount = z
  .number()
  .nullish()
  .catch(null)
  .transform((value) => value ?? 0);

/** An optional string that never fails the decode (a non-string reads as absent). */
export const optionalText = z.string().nullish().catch(null);

/** An optional number that never fails the decode. */
export const optionalNumber = z.number().nullish().catch(null);
