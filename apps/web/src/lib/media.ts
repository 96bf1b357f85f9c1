import { MOBILE_BREAKPOINT_PX } from '@reach/contract/constants';

/** Spec §9: the mobile layout applies at 768 px and below (Mantine's `sm` would switch at 767). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
