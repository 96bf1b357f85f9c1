// The pager is shared by every list of the app; campaigns keep importing it from here.
export { ListPager } from '../../../components/list-pager';
