/**
 * Whether re-screens keep the reviews of potential matches up to date (REVIEWS_ON_RESCREEN, `on`
 * unless `off`). Off, a re-screen opens, carries forward and reopens no review: it exists so that
 * bench:monitor can measure what the reviews cost a re-screen on the same build and data, and is
 * never meant for a deployment that relies on its reviews.
 */
export function reviewsOnRescreen(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.REVIEWS_ON_RESCREEN ?? 'on').trim().toLowerCase();
  if (value !== 'on' && value !== 'off' && value !== '') throw new Error(`REVIEWS_ON_RESCREEN must be on or off, got "${value}"`);
  return value !== 'off';
}
