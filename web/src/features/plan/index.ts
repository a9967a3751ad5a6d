/** The plan feature's surface other features use (the calendar page imports its hooks directly). */
export { monthPostsKey, postsKey, type MonthPlan } from './usePosts';
