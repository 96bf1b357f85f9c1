import { z } from 'zod';

export const state = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  country_id: z.number().int(),
});
export const country = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export const interest = z.object({ id: z.number().int(), name: z.string(), category: z.string() });
export type State = z.infer<typeof state>;
export type Country = z.infer<typeof country>;
export type Interest = z.infer<typeof interest>;

/** GET /states/search (fetched once by the client), GET /keywords/search, GET /countries/search */
export const searchQuery = z.object({
  query: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const statesResponse = z.object({ data: z.array(state) });
export const countriesResponse = z.object({ data: z.array(country) });
export const interestsResponse = z.object({ data: z.array(interest) });
