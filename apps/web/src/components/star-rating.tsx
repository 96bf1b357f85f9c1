import { Rating, type RatingProps } from '@mantine/core';

/**
 * A rating shown, not chosen: one image named "4 out of 5 stars". Mantine's read-only Rating is a plain div,
 * on which an aria-label is prohibited (it has no role to carry a name), so the name sits on role="img".
 */
export function StarRating({ value, ...props }: { value: number } & Omit<RatingProps, 'value' | 'readOnly'>) {
  return <Rating value={value} readOnly role="img" aria-label={`${value} out of 5 stars`} {...props} />;
}
